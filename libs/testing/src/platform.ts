import { randomBytes } from 'node:crypto';
import { connect } from 'amqplib';
import { Redis } from 'ioredis';
import { createLogger } from '@waybill/logger';
import { InProcessEventBus, RabbitEventBus, type EventBus } from '@waybill/messaging';
import { BullJobDriver, InlineJobDriver, type JobDriver } from '@waybill/jobs';

const logger = createLogger('test', { level: process.env.LOG_LEVEL ?? 'silent' });
const namespace = () => `test-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;

/**
 * The event bus of an integration test: RabbitMQ when AMQP_URL is set (then it must be reachable), with
 * an exchange and queues of its own so test files running at once never consume each other's events;
 * the in-process bus otherwise.
 */
export async function createTestBus(): Promise<EventBus> {
  const url = process.env.AMQP_URL;
  if (!url) return new InProcessEventBus({ logger, retryDelayMs: 20 });
  const ns = namespace();
  const exchange = `${ns}.events`;
  const bus = await RabbitEventBus.connect({ url, logger, exchange, queuePrefix: `${ns}.`, retryDelayMs: 20, connectAttempts: 3 });
  const queues: string[] = [];
  const subscribe = bus.subscribe.bind(bus);
  bus.subscribe = (opts) => {
    queues.push(`${ns}.${opts.queue}`);
    return subscribe(opts);
  };
  const close = bus.close.bind(bus);
  // The broker is shared: a test leaves none of its queues or exchanges behind.
  bus.close = async () => {
    await close();
    const conn = await connect(url);
    const ch = await conn.createChannel();
    for (const q of queues) for (const name of [q, `${q}.retry`, `${q}.dlq`]) await ch.deleteQueue(name);
    for (const x of [exchange, `${exchange}.dlx`]) await ch.deleteExchange(x);
    await conn.close();
  };
  return bus;
}

/**
 * Jobs of an integration test: BullMQ under its own key prefix when REDIS_URL is set (its keys are
 * deleted on close, the server being shared), inline otherwise.
 */
export function createTestJobs(): JobDriver {
  const url = process.env.REDIS_URL;
  if (!url) return new InlineJobDriver({ logger });
  const prefix = namespace();
  const jobs = new BullJobDriver({ redisUrl: url, logger, prefix });
  const close = jobs.close.bind(jobs);
  jobs.close = async () => {
    await close();
    await deleteRedisKeys(url, prefix);
  };
  return jobs;
}

/** Deletes every key under `<prefix>:` (a test's BullMQ queues) on a shared Redis. */
export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    for (let cursor = '0'; ;) {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length) await redis.unlink(...keys);
      cursor = next;
      if (cursor === '0') break;
    }
  } finally {
    redis.disconnect();
  }
}
