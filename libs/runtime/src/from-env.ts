import { env, loadConfigOrExit } from '@waybill/config';
import { createLogger } from '@waybill/logger';
import type { ServiceRuntime } from '@waybill/http';
import { RabbitEventBus } from '@waybill/messaging';
import { BullJobDriver } from '@waybill/jobs';
import { initTracing } from '@waybill/telemetry';
import { catalogueEntry, peersFromEnv } from './catalogue';

/**
 * The distributed mode: a service process built from the environment against the real servers.
 * Every variable is required here (no embedded fallbacks), so a misconfigured replica stops at once.
 */
export async function runtimeFromEnv(service: string): Promise<ServiceRuntime> {
  const { portVar, defaultPort } = service === 'gateway' ? { portVar: 'PORT', defaultPort: 8080 } : catalogueEntry(service);
  const cfg = loadConfigOrExit({
    databaseUrl: env.string('DATABASE_URL'),
    amqpUrl: env.string('AMQP_URL'),
    redisUrl: env.string('REDIS_URL'),
    internalJwtSecret: env.string('INTERNAL_JWT_SECRET'),
    dataEncryptionKey: env.optional('DATA_ENCRYPTION_KEY'),
    publicBaseUrl: env.optional('PUBLIC_BASE_URL'),
    port: env.int(portVar, defaultPort),
    host: env.string('HOST', '0.0.0.0'),
    dbPoolSize: env.int('DB_POOL_SIZE', 10),
    namespace: env.optional('WAYBILL_NAMESPACE'),
  });
  initTracing(service);
  const logger = createLogger(service);
  // WAYBILL_NAMESPACE isolates installations sharing one RabbitMQ and Redis (e.g. parallel test stacks).
  const ns = cfg.namespace;
  const bus = await RabbitEventBus.connect({ url: cfg.amqpUrl, logger, ...(ns ? { exchange: `${ns}.waybill.events`, queuePrefix: `${ns}.` } : {}) });
  const jobs = new BullJobDriver({ redisUrl: cfg.redisUrl, logger, ...(ns ? { prefix: `waybill-${ns}` } : {}) });
  return {
    db: { kind: 'pg', url: cfg.databaseUrl, poolSize: cfg.dbPoolSize },
    bus, jobs, logger,
    internalJwtSecret: cfg.internalJwtSecret,
    dataEncryptionKey: cfg.dataEncryptionKey,
    publicBaseUrl: cfg.publicBaseUrl,
    defaultPublicUrl: cfg.publicBaseUrl ?? 'http://localhost:8080',
    peers: peersFromEnv(),
    port: cfg.port,
    host: cfg.host,
  };
}
