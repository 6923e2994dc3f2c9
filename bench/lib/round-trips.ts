import { createRequire } from 'node:module';

/** Statements sent to Postgres and commands sent to Redis by this process since `start`. */
export interface RoundTrips { pg: number; redis: number }

type Patched = { prototype: Record<string, (...args: unknown[]) => unknown> };

/**
 * Counts every `pg` Client.query (BEGIN and COMMIT included) and every ioredis sendCommand (each
 * command of a pipeline, each BullMQ script call) made in this process, through the same module
 * copies the services load (resolved from the dispatcher's libs/db and libs/jobs). For in-process harnesses only.
 */
export function countRoundTrips(): { read(): RoundTrips; stop(): void } {
  const fromService = createRequire(require.resolve('@waybill/webhook-dispatcher/package.json'));
  const fromDb = createRequire(fromService.resolve('@waybill/db/package.json'));
  const fromJobs = createRequire(fromService.resolve('@waybill/jobs/package.json'));
  const redis = fromJobs('ioredis') as Patched & { default?: Patched };
  const counts: RoundTrips = { pg: 0, redis: 0 };
  const restore = [
    wrap((fromDb('pg') as { Client: Patched }).Client, 'query', () => counts.pg++),
    wrap(redis.default ?? redis, 'sendCommand', () => counts.redis++),
  ];
  return { read: () => ({ ...counts }), stop: () => restore.forEach((r) => r()) };
}

function wrap(target: Patched, method: string, count: () => void): () => void {
  const original = target.prototype[method];
  target.prototype[method] = function counted(this: unknown, ...args: unknown[]) {
    count();
    return original.apply(this, args);
  };
  return () => { target.prototype[method] = original; };
}
