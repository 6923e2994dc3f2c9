import { execFileSync } from 'node:child_process';
import { connect } from 'amqplib';
import type { EventEnvelope } from '@waybill/messaging';

export interface EventWatch {
  /** Matching events received so far, in arrival order. */
  events: EventEnvelope[];
  close(): Promise<void>;
}

/**
 * Listens to the events of a running distributed installation on RabbitMQ (its exchange is
 * `<WAYBILL_NAMESPACE>.waybill.events`, or `waybill.events` without one) through a temporary queue that
 * the broker deletes with the connection, so an end-to-end test can see what the services published.
 */
export async function watchStackEvents(amqpUrl: string, namespace: string | undefined, bindings: string[]): Promise<EventWatch> {
  const conn = await connect(amqpUrl);
  const ch = await conn.createChannel();
  const exchange = namespace ? `${namespace}.waybill.events` : 'waybill.events';
  await ch.assertExchange(exchange, 'topic', { durable: true });
  const { queue } = await ch.assertQueue('', { exclusive: true, autoDelete: true });
  for (const b of bindings) await ch.bindQueue(queue, exchange, b);
  const events: EventEnvelope[] = [];
  await ch.consume(queue, (msg) => {
    if (msg) events.push(JSON.parse(msg.content.toString('utf8')) as EventEnvelope);
  }, { noAck: true });
  return { events, close: async () => { await conn.close(); } };
}

/**
 * Deletes what a distributed stack declared under its namespace on the shared broker (its queues and
 * exchanges), once its processes have stopped. AMQP cannot list queues, so the names come from
 * `rabbitmqctl` on this machine (CI runs the broker locally); without it, nothing is deleted.
 */
export async function deleteStackQueues(amqpUrl: string, namespace: string): Promise<void> {
  let names: string[];
  try {
    const out = execFileSync('rabbitmqctl', ['-q', 'list_queues', 'name'], { encoding: 'utf8', timeout: 30_000, stdio: ['ignore', 'pipe', 'ignore'] });
    names = out.split('\n').map((s) => s.trim()).filter((n) => n.startsWith(`${namespace}.`));
  } catch {
    return;
  }
  const conn = await connect(amqpUrl);
  try {
    const ch = await conn.createChannel();
    for (const n of names) await ch.deleteQueue(n);
    for (const x of [`${namespace}.waybill.events`, `${namespace}.waybill.events.dlx`]) await ch.deleteExchange(x);
  } finally {
    await conn.close();
  }
}
