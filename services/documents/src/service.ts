import { openDatabase, migrateToLatest } from '@waybill/db';
import { declareVersions, serveService, type RunningService, type ServiceRuntime } from '@waybill/http';
import { OutboxRelay } from '@waybill/messaging';
import type { DocumentsDeps } from './documents/documents.service';
import { buildApp } from './app';
import type { DocumentsDb } from './database';
import { migrations } from './migrations';
import { VERSIONS } from './versions';

export const SCHEMA = 'documents';

/** Migrates, starts the outbox relay and serves the internal HTTP API. */
export async function startDocumentsService(rt: ServiceRuntime, opts: { carrierLink?: DocumentsDeps['carrierLink'] } = {}): Promise<RunningService> {
  const logger = rt.logger.child({ service: 'documents' });
  declareVersions(VERSIONS);
  const database = openDatabase<DocumentsDb>(rt.db, SCHEMA);
  await migrateToLatest(database.db, SCHEMA, migrations);
  const relay = new OutboxRelay({ database, bus: rt.bus, logger });
  relay.start();
  const app = buildApp({
    db: database.db, carrierLink: opts.carrierLink, logger,
    internalJwtSecret: rt.internalJwtSecret, peers: rt.peers, afterCommit: () => relay.nudge(),
    readiness: { database: () => database.ping(), broker: () => { if (!rt.bus.isHealthy()) throw new Error('event bus disconnected'); } },
  });
  return serveService({
    name: 'documents', rt, logger, handler: app,
    stopping: [
      () => relay.stop(),
      () => database.close(),
    ],
  });
}
