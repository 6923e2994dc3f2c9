import type { RequestListener } from 'node:http';
import type { Express } from 'express';
import { openDatabase, migrateToLatest, type Database } from '@waybill/db';
import { createLogger } from '@waybill/logger';
import { signInternalToken } from '@waybill/internal-auth';
import { sandboxRegistry } from '@waybill/carriers';
import type { EventBus } from '@waybill/messaging';
import { createTestDatabase, type TestDatabase } from '@waybill/testing';
import { buildService, AUDIENCE } from './app';
import type { ConsignmentDb } from './database';
import { migrations } from './migrations';
import { enableCarrier, upsertSettings, upsertWarehouse } from './companies/company.repository';
import { CompanyDirectory, type CarrierSource } from './companies/company.context';
import type { ConsumerDeps } from './consumers';
import type { AllocationRules } from './consignments/consignment.auto-allocation';

export const SECRET = 'test-internal-secret';

export interface Harness {
  app: Express;
  /** What the service listens with: the fast lane in front of `app`. */
  handler: RequestListener;
  database: Database<ConsignmentDb>;
  tdb: TestDatabase;
  auth(company?: string): string;
  close(): Promise<void>;
}

/** The consignment service's app on a fresh database, with one company set up like the demo. */
export async function startHarness(company = 'acme', carriers: CarrierSource = sandboxCarriers(), rules?: AllocationRules): Promise<Harness> {
  const tdb = await createTestDatabase();
  const database = openDatabase<ConsignmentDb>(tdb.target, 'consignment');
  await migrateToLatest(database.db, 'consignment', migrations);
  await upsertSettings(database.db, { company, extraCustomFields: false, trackingEnabled: true });
  await upsertWarehouse(database.db, {
    company, name: 'Main', timezone: 'Europe/London', isDefault: true,
    address: { address1: '1 Dock Rd', city: 'London', postcode: 'E16 1AA', country: 'GB' },
  });
  for (const c of ['generic', 'swiftpost', 'globex', 'parcelink']) await enableCarrier(database.db, company, c);
  const { app, handler } = buildService({
    db: database.db, carriers, rules, logger: createLogger('test', { level: 'silent' }),
    internalJwtSecret: SECRET, readiness: {}, afterCommit: () => undefined,
  });
  return {
    app, handler, database, tdb,
    auth: (c = company) => `Bearer ${signInternalToken(SECRET, AUDIENCE, { company: c, principal: 'test' })}`,
    close: async () => {
      await database.close();
      await tdb.drop();
    },
  };
}

/**
 * The sandbox carriers in this process, as the company's carrier source: what carrier-link serves in a
 * deployment (every carrier needing no account), without a carrier-link to start for each test.
 */
export function sandboxCarriers(): CarrierSource {
  const registry = sandboxRegistry();
  return { forCompany: async () => ({ carriers: registry.carriers, unavailable: false }), booked: (_company, id) => registry.find(id)! };
}

/** What a consumer under test gets: the harness's database, the sandbox carriers and a quiet logger. */
export function consumerDeps(h: Harness, bus: EventBus): ConsumerDeps {
  return {
    database: h.database, bus, companies: new CompanyDirectory(h.database.db, sandboxCarriers()),
    logger: createLogger('test', { level: 'silent' }), afterCommit: () => undefined,
  };
}
