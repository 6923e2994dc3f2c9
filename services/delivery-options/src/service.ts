import { openDatabase, migrateToLatest } from '@waybill/db';
import { InternalTokenSigner } from '@waybill/internal-auth';
import { declareVersions, serveService, ServiceClient, type RunningService, type ServiceRuntime } from '@waybill/http';
import { OutboxRelay } from '@waybill/messaging';
import { buildHandler } from './app';
import type { DeliveryOptionsDb } from './database';
import { migrations } from './migrations';
import { VERSIONS } from './versions';
import { CompiledRulesCache } from './cache/compiled-rules.cache';
import { rulesLoader } from './cache/rules.loader';
import { subscribeInvalidation } from './cache/invalidation.consumer';
import { ConsignmentCatalogs } from './directory/consignment-catalogs';
import { HolidayCalendar } from './engine/holidays';
import { LiveRates, ratesTimeoutMs } from './live-rates/live-rates';
import { carrierLinkRates } from './live-rates/carrier-rates.client';

export const SCHEMA = 'delivery_options';

export interface DeliveryOptionsServiceOptions {
  /** How long a company's warehouses and carriers from the consignment service are trusted. */
  catalogTtlMs?: number;
  now?: () => Date;
  /** Environment read for RATES_TIMEOUT_MS (default: the process's). */
  env?: Record<string, string | undefined>;
}

/** Migrates, starts the outbox relay and the per-replica cache invalidation, and serves the internal API. */
export async function startDeliveryOptionsService(rt: ServiceRuntime, opts: DeliveryOptionsServiceOptions = {}): Promise<RunningService> {
  const logger = rt.logger.child({ service: 'delivery-options' });
  declareVersions(VERSIONS);
  const database = openDatabase<DeliveryOptionsDb>(rt.db, SCHEMA);
  await migrateToLatest(database.db, SCHEMA, migrations);
  const relay = new OutboxRelay({ database, bus: rt.bus, logger });
  relay.start();
  const cache = new CompiledRulesCache(rulesLoader(database.db));
  const subscription = await subscribeInvalidation(rt.bus, cache);
  const client = new ServiceClient(rt.peers, new InternalTokenSigner(rt.internalJwtSecret));
  const catalogs = new ConsignmentCatalogs(client, logger, opts.catalogTtlMs);
  const handler = buildHandler({
    // Live carrier rates through carrier-link (the one carrier port), within RATES_TIMEOUT_MS per quote.
    quote: { catalogs, rules: cache, holidays: new HolidayCalendar(), now: opts.now ?? (() => new Date()), live: new LiveRates(carrierLinkRates(client), ratesTimeoutMs(opts.env ?? process.env)) },
    rules: { db: database.db, catalogs, changed: (company) => { cache.invalidate(company); relay.nudge(); } },
    logger, internalJwtSecret: rt.internalJwtSecret,
    readiness: { database: () => database.ping(), broker: () => { if (!rt.bus.isHealthy()) throw new Error('event bus disconnected'); } },
  });
  return serveService({
    name: 'delivery-options', rt, logger, handler: handler,
    stopping: [
      () => subscription.cancel(),
      () => relay.stop(),
      () => database.close(),
    ],
  });
}
