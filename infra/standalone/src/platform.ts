import { join } from 'node:path';
import { openPglite, type DbTarget } from '@waybill/db';
import type { Logger } from '@waybill/logger';
import { InProcessEventBus, RabbitEventBus, type EventBus } from '@waybill/messaging';
import { BullJobDriver, InlineJobDriver, type JobDriver } from '@waybill/jobs';
import type { StandaloneConfig } from './config';

export interface SharedPlatform {
  db: DbTarget;
  bus: EventBus;
  jobs: JobDriver;
  mode: string;
  close(): Promise<void>;
}

/** Embedded storage, in-process bus and inline jobs by default; each real server replaces its part. */
export async function openPlatform(cfg: StandaloneConfig, logger: Logger): Promise<SharedPlatform> {
  const pglite = cfg.databaseUrl ? undefined : await openPglite(join(cfg.dataDir, 'pgdata'));
  const db: DbTarget = cfg.databaseUrl ? { kind: 'pg', url: cfg.databaseUrl } : { kind: 'pglite', instance: pglite! };
  const bus: EventBus = cfg.amqpUrl ? await RabbitEventBus.connect({ url: cfg.amqpUrl, logger }) : new InProcessEventBus({ logger });
  const jobs: JobDriver = cfg.redisUrl ? new BullJobDriver({ redisUrl: cfg.redisUrl, logger }) : new InlineJobDriver({ logger });
  const mode = [cfg.databaseUrl ? 'postgres' : 'pglite', cfg.amqpUrl ? 'rabbitmq' : 'in-process bus', cfg.redisUrl ? 'redis/bullmq' : 'inline jobs'].join(', ');
  return {
    db, bus, jobs, mode,
    close: async () => {
      await jobs.close();
      await bus.close();
      await pglite?.close();
    },
  };
}
