import { openDatabase, migrateToLatest } from '@waybill/db';
import { declareVersions, serveService, type RunningService, type ServiceRuntime } from '@waybill/http';
import { OutboxRelay } from '@waybill/messaging';
import { CarrierLinkClient, LinkedCarriers } from '@waybill/carrier-link-client';
import { buildService } from './app';
import type { ConsignmentDb } from './database';
import { migrations } from './migrations';
import { VERSIONS } from './versions';
import { startConsumers } from './consumers';
import { CompanyDirectory } from './companies/company.context';
import { senderContactsClient } from './companies/sender-contact.client';
import { startRetentionSweep, sweepEnabled } from './retention/retention.sweep';

export const SCHEMA = 'consignment';

/** Migrates, starts the outbox relay and serves the internal HTTP API. */
export async function startConsignmentService(rt: ServiceRuntime): Promise<RunningService> {
  const logger = rt.logger.child({ service: 'consignment' });
  declareVersions(VERSIONS);
  const database = openDatabase<ConsignmentDb>(rt.db, SCHEMA);
  await migrateToLatest(database.db, SCHEMA, migrations);
  // Batch creates write hundreds of events a second; bigger claims let the relay keep up under load.
  const relay = new OutboxRelay({ database, bus: rt.bus, logger, batchSize: 500 });
  relay.start();
  // Every carrier is reached through carrier-link, the one carrier port: this service loads no carrier.
  const linked = new LinkedCarriers(new CarrierLinkClient(rt.peers, rt.internalJwtSecret, 'consignment'));
  const companies = new CompanyDirectory(database.db, linked, senderContactsClient(rt.peers, rt.internalJwtSecret));
  const afterCommit = () => relay.nudge();
  const subscriptions = await startConsumers({ database, bus: rt.bus, companies, logger, afterCommit });
  if (sweepEnabled(process.env)) await startRetentionSweep({ db: database.db, logger, afterCommit }, rt.jobs);
  else logger.warn('RETENTION_SWEEP is off: personal data past its retention period is not erased by this replica');
  const { handler } = buildService({
    db: database.db, logger, companies, internalJwtSecret: rt.internalJwtSecret, publicBaseUrl: rt.publicBaseUrl, peers: rt.peers,
    readiness: { database: () => database.ping(), broker: () => { if (!rt.bus.isHealthy()) throw new Error('event bus disconnected'); } },
    afterCommit,
  });
  return serveService({
    name: 'consignment', rt, logger, handler: handler,
    stopping: [
      () => Promise.all(subscriptions.map((s) => s.cancel())),
      () => relay.stop(),
      () => database.close(),
    ],
  });
}
