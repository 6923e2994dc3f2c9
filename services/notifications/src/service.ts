import { join } from 'node:path';
import { migrateToLatest, openDatabase } from '@waybill/db';
import { declareVersions, serveService, type RunningService, type ServiceRuntime } from '@waybill/http';
import { buildApp } from './app';
import { notificationsConfig } from './config';
import { SCHEMA, type NotificationsDb } from './database';
import type { NotificationsDeps } from './deps';
import { migrations } from './migrations';
import { VERSIONS } from './versions';
import { startEventsConsumer, EVENTS_QUEUE } from './consumers/consignment-events.consumer';
import { startErasureConsumer } from '@waybill/messaging';
import { eraseConsignmentCopies } from './erasure/consignment-erasure';
import { brandingClient, type Branding } from './sending/branding.client';
import { fileMailer, smtpMailer, type Mailer } from './sending/mailer';
import { startSendWorker } from './sending/send.job';
import { SendSweeper } from './sending/send.sweeper';
import { unsubscribeKeys } from './unsubscribe/unsubscribe.token';

export { SCHEMA } from './database';

export interface NotificationsOptions {
  /** Variables read over process.env (tests pass SMTP_URL, fast retries). */
  env?: Record<string, string | undefined>;
  /** Queue of the events consumer (tests use their own). */
  queue?: string;
  /** Tests stand in for tracking-ingest's page settings. */
  branding?: (company: string) => Promise<Branding>;
  mailer?: Mailer;
}

/** Migrates, starts the events consumer, the send worker and the sweeper, and serves the API. */
export async function startNotificationsService(rt: ServiceRuntime, opts: NotificationsOptions = {}): Promise<RunningService & { sweep(): Promise<void> }> {
  const logger = rt.logger.child({ service: 'notifications' });
  declareVersions(VERSIONS);
  const config = notificationsConfig({ ...process.env, ...opts.env });
  const database = openDatabase<NotificationsDb>(rt.db, SCHEMA);
  await migrateToLatest(database.db, SCHEMA, migrations);
  const mailer = opts.mailer ?? (config.smtpUrl ? smtpMailer(config.smtpUrl, config.sendTimeoutMs) : fileMailer(join(config.dataDir, 'mail')));
  logger.info({ mail: mailer.describe }, 'shipping e-mails go to %s', mailer.describe);
  const deps: NotificationsDeps = {
    db: database.db, config, jobs: rt.jobs, mailer, logger, now: () => new Date(),
    branding: opts.branding ?? brandingClient(rt.peers, rt.internalJwtSecret),
    keys: unsubscribeKeys(rt.dataEncryptionKey ?? rt.internalJwtSecret),
    publicUrl: (rt.publicBaseUrl ?? rt.defaultPublicUrl).replace(/\/+$/, ''),
  };
  await startSendWorker(deps);
  const subscription = await startEventsConsumer(deps, rt.bus, opts.queue ?? EVENTS_QUEUE);
  const erasures = await startErasureConsumer({ bus: rt.bus, database, service: 'notifications', erase: eraseConsignmentCopies });
  const sweeper = new SendSweeper(deps);
  sweeper.start();
  const app = buildApp(deps, {
    internalJwtSecret: rt.internalJwtSecret,
    readiness: {
      database: () => database.ping(),
      broker: () => { if (!rt.bus.isHealthy()) throw new Error('event bus disconnected'); },
      jobs: () => { if (!rt.jobs.isHealthy()) throw new Error('job queue disconnected'); },
    },
  });
  return { ...await serveService({
    name: 'notifications', rt, logger, handler: app,
    stopping: [
      () => subscription.cancel(),
      () => erasures.cancel(),
      () => sweeper.stop(),
      () => rt.jobs.stopWorkers(),
      async () => mailer.close(),
      () => database.close(),
    ],
  }), sweep: () => sweeper.sweep() };
}
