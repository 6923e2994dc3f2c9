import { randomBytes } from 'node:crypto';
import { connect, type Channel, type ChannelModel } from 'amqplib';
import { createLogger } from '@waybill/logger';
import { InProcessEventBus } from '../in-process/in-process-event-bus';
import { RabbitEventBus } from '../rabbit/rabbit-event-bus';
import { deadLetterQueueOf, retryQueueOf, ERROR_HEADER } from '../rabbit/rabbit-topology';
import type { EventBus } from '../types';

export const logger = createLogger('messaging-test');
export const uniqueName = (prefix: string) => `${prefix}.${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

export interface DeadLetter { body: string; error?: string }

/**
 * One adapter under test. Tests run the same scenarios against each variant: always in-process,
 * plus RabbitMQ when AMQP_URL is set (then an unreachable broker fails the suite, never skips it).
 */
export interface BusVariant {
  name: string;
  /** Competing consumers live in separate processes on RabbitMQ; in-process they share the bus. */
  newBus(): Promise<EventBus>;
  deadLetters(queue: string): Promise<DeadLetter[]>;
  publishRaw?(routingKey: string, body: string): Promise<void>;
  cleanup(): Promise<void>;
}

export function inProcessVariant(): BusVariant {
  let bus: InProcessEventBus | undefined;
  return {
    name: 'in-process',
    newBus: async () => (bus ??= new InProcessEventBus({ logger, retryDelayMs: 10 })),
    deadLetters: async (queue) => (bus?.deadLetters(queue) ?? []).map((e) => ({ body: JSON.stringify(e) })),
    cleanup: async () => { await bus?.close(); bus = undefined; },
  };
}

export function rabbitVariant(url: string): BusVariant {
  const buses: RabbitEventBus[] = [];
  const queues = new Set<string>();
  const collected = new Map<string, DeadLetter[]>();
  let admin: { conn: ChannelModel; ch: Channel } | undefined;
  const adminChannel = async () => {
    if (!admin) {
      const conn = await connect(url);
      admin = { conn, ch: await conn.createChannel() };
    }
    return admin.ch;
  };
  return {
    name: 'rabbitmq',
    newBus: async () => {
      const bus = await RabbitEventBus.connect({ url, logger, retryDelayMs: 10, connectAttempts: 3 });
      buses.push(bus);
      const subscribe = bus.subscribe.bind(bus);
      bus.subscribe = async (opts) => { queues.add(opts.queue); return subscribe(opts); };
      return bus;
    },
    deadLetters: async (queue) => {
      const ch = await adminChannel();
      const list = collected.get(queue) ?? [];
      for (let msg = await ch.get(deadLetterQueueOf(queue), { noAck: true }); msg; msg = await ch.get(deadLetterQueueOf(queue), { noAck: true })) {
        list.push({ body: msg.content.toString('utf8'), error: msg.properties.headers?.[ERROR_HEADER] as string | undefined });
      }
      collected.set(queue, list);
      return list;
    },
    publishRaw: async (routingKey, body) => {
      const ch = await adminChannel();
      await ch.assertExchange('waybill.events', 'topic', { durable: true });
      ch.publish('waybill.events', routingKey, Buffer.from(body), { persistent: true });
    },
    cleanup: async () => {
      await Promise.allSettled(buses.splice(0).map((b) => b.close()));
      await admin?.conn.close();
      admin = undefined;
      await deleteTestQueues(url, [...queues]);
      queues.clear();
    },
  };
}

export function busVariants(): BusVariant[] {
  const variants = [inProcessVariant()];
  if (process.env.AMQP_URL) variants.push(rabbitVariant(process.env.AMQP_URL));
  return variants;
}

/** Removes a subscription's queues (main, retry, dead-letter) so test runs leave the broker clean. */
export async function deleteTestQueues(url: string, queues: string[]): Promise<void> {
  const conn = await connect(url);
  try {
    const ch = await conn.createChannel();
    for (const q of queues) {
      for (const name of [q, retryQueueOf(q), deadLetterQueueOf(q)]) await ch.deleteQueue(name);
    }
  } finally {
    await conn.close();
  }
}
