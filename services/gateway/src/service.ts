import { Redis } from 'ioredis';
import { openDatabase, migrateToLatest } from '@waybill/db';
import { declareVersions, serveService, splitUrlList, type RunningService, type ServiceRuntime } from '@waybill/http';
import { buildGateway } from './app';
import type { GatewayDb } from './credentials/credentials.table';
import { migrations } from './migrations';
import { startErasureConsumer } from '@waybill/messaging';
import { recordSweepErasure } from './audit/audit.erasures';
import { FailOpenRateLimiter } from './ratelimit/fail-open';
import { VERSIONS } from './versions';
import { AuditPurge, type AuditPurgeOptions } from './audit/audit.purge';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './ratelimit/rate-limiter';

export const SCHEMA = 'gateway';

export interface GatewayOptions {
  services: Record<string, string>;
  rateLimitPerMinute: number;
  /** Shared rate-limit budget across replicas when set. */
  redisUrl?: string;
  /** The audit log's purge schedule (tests shorten it). */
  auditPurge?: AuditPurgeOptions;
}

async function pingService(baseUrl: string): Promise<void> {
  const res = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(1500) });
  if (!res.ok) throw new Error(`${baseUrl} answered ${res.status}`);
}

/** A service is reachable while any of its replicas is: the proxy skips one that refuses connections. */
async function pingAnyReplica(list: string): Promise<void> {
  await Promise.any(splitUrlList(list).map(pingService)).catch((err: AggregateError) => {
    throw new Error(err.errors.map((e: Error) => e.message).join('; '));
  });
}

export async function startGateway(rt: ServiceRuntime, opts: GatewayOptions): Promise<RunningService> {
  const logger = rt.logger.child({ service: 'gateway' });
  declareVersions(VERSIONS);
  const database = openDatabase<GatewayDb>(rt.db, SCHEMA);
  await migrateToLatest(database.db, SCHEMA, migrations);
  const redis = opts.redisUrl ? new Redis(opts.redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true }) : undefined;
  const limiter: RateLimiter = redis
    ? new FailOpenRateLimiter(new RedisRateLimiter(redis, opts.rateLimitPerMinute, process.env.WAYBILL_NAMESPACE ? `waybill-${process.env.WAYBILL_NAMESPACE}` : 'waybill'), logger)
    : new MemoryRateLimiter(opts.rateLimitPerMinute);
  const purge = new AuditPurge(database.db, rt.jobs, logger, opts.auditPurge);
  await purge.start();
  const erasures = await startErasureConsumer({ bus: rt.bus, database, service: 'gateway', erase: recordSweepErasure });
  const readiness: Record<string, () => Promise<void>> = { database: () => database.ping() };
  if (redis) readiness.redis = async () => { await redis.ping(); };
  for (const [name, url] of Object.entries(opts.services)) readiness[`service:${name}`] = () => pingAnyReplica(url);
  const { handler } = buildGateway({
    db: database.db, logger, limiter, internalJwtSecret: rt.internalJwtSecret, services: opts.services,
    publicBaseUrl: rt.publicBaseUrl, readiness,
  });
  return serveService({
    name: 'gateway', rt, logger, handler: handler,
    stopping: [
      () => erasures.cancel(),
      async () => purge.stop(),
      async () => redis?.disconnect(),
      () => database.close(),
    ],
  });
}
