import { openDatabase, migrateToLatest } from '@waybill/db';
import { declareVersions, serveService, type RunningService, type ServiceRuntime } from '@waybill/http';
import { buildApp } from './app';
import { dispatcherConfig } from './config';
import { SCHEMA, type DispatcherDb } from './database';
import type { DispatcherDeps } from './deps';
import { migrations } from './migrations';
import { VERSIONS } from './versions';
import { SecretBox } from '@waybill/internal-auth';
import { cachingResolver, systemResolver, type Resolver } from './security/url-guard';
import { DeliveryWorker } from './delivery/delivery.worker';
import { DeliverySweeper } from './delivery/delivery.sweeper';
import { DeliveryPump } from './delivery/delivery.pump';
import { startTrackingEventsConsumer, TRACKING_EVENTS_QUEUE } from './consumers/tracking-events.consumer';
import { WebhookRollup } from './dashboard/webhook-rollup';
import { startErasureConsumer } from '@waybill/messaging';
import { eraseConsignmentCopies } from './erasure/consignment-erasure';

export { SCHEMA } from './database';

/** How long a host name's resolved addresses are used before it is looked up again (see cachingResolver). */
const DNS_ANSWER_TTL_MS = 30_000;

export interface DispatcherOptions {
  /** Variables read over process.env (tests pass a fast retry schedule, a key, WEBHOOK_ALLOW_PRIVATE). */
  env?: Record<string, string | undefined>;
  /** DNS for the URL guard; tests decide what names resolve to. */
  resolver?: Resolver;
  /** Queue of the tracking-events consumer (tests use their own, so they never compete with a running stack). */
  queue?: string;
}

/** Migrates, starts the delivery worker, the sweeper and the tracking-events consumer, and serves the API. */
export async function startWebhookDispatcherService(rt: ServiceRuntime, opts: DispatcherOptions = {}): Promise<RunningService & { sweep(): Promise<unknown>; rollup(): Promise<number> }> {
  const logger = rt.logger.child({ service: 'webhook-dispatcher' });
  declareVersions(VERSIONS);
  const config = dispatcherConfig({ ...process.env, ...opts.env });
  const database = openDatabase<DispatcherDb>(rt.db, SCHEMA);
  await migrateToLatest(database.db, SCHEMA, migrations);
  const deps: DispatcherDeps = {
    db: database.db, config, box: new SecretBox(config.dataEncryptionKey), jobs: rt.jobs, logger, now: () => new Date(),
    policy: { allowPrivate: config.allowPrivate, resolve: opts.resolver ?? cachingResolver(systemResolver, DNS_ANSWER_TTL_MS) },
  };
  if (config.allowPrivate) logger.warn('WEBHOOK_ALLOW_PRIVATE is on: webhooks may target plain http and private, loopback and link-local addresses');
  const worker = new DeliveryWorker(deps);
  await worker.start();
  const pump = new DeliveryPump(deps);
  const subscription = await startTrackingEventsConsumer(deps, rt.bus, pump, opts.queue ?? TRACKING_EVENTS_QUEUE);
  const erasures = await startErasureConsumer({ bus: rt.bus, database, service: 'webhook-dispatcher', erase: eraseConsignmentCopies });
  const sweeper = new DeliverySweeper(deps);
  sweeper.start();
  const rollup = new WebhookRollup(deps, config.rollupIntervalMs, SCHEMA);
  rollup.start();
  const app = buildApp({
    deps, logger, internalJwtSecret: rt.internalJwtSecret, publicBaseUrl: rt.publicBaseUrl,
    readiness: {
      database: () => database.ping(),
      broker: () => { if (!rt.bus.isHealthy()) throw new Error('event bus disconnected'); },
      jobs: () => { if (!rt.jobs.isHealthy()) throw new Error('job queue disconnected'); },
    },
  });
  return { ...await serveService({
    name: 'webhook-dispatcher', rt, logger, handler: app,
    stopping: [
      () => subscription.cancel(),
      () => erasures.cancel(),
      () => sweeper.stop(),
      () => pump.stop(),
      () => rollup.stop(),
      () => worker.stop(),
      () => database.close(),
    ],
  }), sweep: () => sweeper.sweep(), rollup: () => rollup.drain() };
}
