import { openDatabase, migrateToLatest } from '@waybill/db';
import { closeServer, listen, type RunningService, type ServiceRuntime } from '@waybill/http';
import { OutboxRelay } from '@waybill/messaging';
import { sandboxRegistry, type CarrierRegistry } from '@waybill/carriers';
import { buildApp } from './app';
import type { ConsignmentDb } from './database';
import { migrations } from './migrations';

export const SCHEMA = 'consignment';

/** Migrates, starts the outbox relay and serves the internal HTTP API. */
export async function startConsignmentService(rt: ServiceRuntime, opts: { registry?: CarrierRegistry } = {}): Promise<RunningService> {
  const logger = rt.logger.child({ service: 'consignment' });
  const database = openDatabase<ConsignmentDb>(rt.db, SCHEMA);
  await migrateToLatest(database.db, SCHEMA, migrations);
  const relay = new OutboxRelay({ database, bus: rt.bus, logger });
  relay.start();
  const registry = opts.registry ?? sandboxRegistry(rt.defaultPublicUrl);
  const { app } = buildApp({
    db: database.db, registry, logger, internalJwtSecret: rt.internalJwtSecret, publicBaseUrl: rt.publicBaseUrl,
    readiness: { database: () => database.ping(), broker: () => { if (!rt.bus.isHealthy()) throw new Error('event bus disconnected'); } },
    afterCommit: () => relay.nudge(),
  });
  const { server, port } = await listen(app, rt.port, rt.host);
  logger.info({ port }, 'consignment service listening');
  return {
    name: 'consignment',
    port,
    stop: async () => {
      await closeServer(server);
      await relay.stop();
      await database.close();
    },
  };
}
