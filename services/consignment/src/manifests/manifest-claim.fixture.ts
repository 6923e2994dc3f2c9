import request from 'supertest';
import type { Express } from 'express';
import { openDatabase, migrateToLatest, type Database } from '@waybill/db';
import { sandboxRegistry } from '@waybill/carriers';
import { createLogger } from '@waybill/logger';
import { signInternalToken } from '@waybill/internal-auth';
import type { TestDatabase } from '@waybill/testing';
import { buildApp, AUDIENCE } from '../app';
import type { ConsignmentDb } from '../database';
import { migrations } from '../migrations';
import { SCHEMA } from '../service';
import { enableCarrier, upsertSettings, upsertWarehouse } from '../companies/company.repository';

export const SECRET = 'claim-test-secret';
export const LONDON = 'acme|London DC';
export const BERLIN = 'acme|Berlin Hub';

/** The consignment service's app on a fresh schema, with two companies of two warehouses each. */
export async function claimFixture(tdb: TestDatabase): Promise<{ app: Express; database: Database<ConsignmentDb> }> {
  const database = openDatabase<ConsignmentDb>(tdb.target, SCHEMA);
  await migrateToLatest(database.db, SCHEMA, migrations);
  for (const company of ['acme', 'other']) {
    await upsertSettings(database.db, { company, extraCustomFields: false, trackingEnabled: false });
    await upsertWarehouse(database.db, { company, name: 'London DC', timezone: 'Europe/London', isDefault: true, address: { company_name: 'Acme Ltd', address1: '1 Dock Road', city: 'London', postcode: 'E14 5AB', country: 'GB' } });
    await upsertWarehouse(database.db, { company, name: 'Berlin Hub', timezone: 'Europe/Berlin', isDefault: false, address: { address1: 'Lagerstrasse 5', city: 'Berlin', postcode: '10115', country: 'DE' } });
    for (const c of ['generic', 'swiftpost', 'parcelink']) await enableCarrier(database.db, company, c);
  }
  const { app } = buildApp({
    db: database.db, registry: sandboxRegistry(), logger: createLogger('test'), internalJwtSecret: SECRET, readiness: {}, afterCommit: () => undefined,
  });
  return { app, database };
}

export const bearer = (company: string, principal: string) => `Bearer ${signInternalToken(SECRET, AUDIENCE, { company, principal })}`;

/** Creates consignments as a client would (through the service's own create endpoint). */
export async function createConsignments(app: Express, company: string, bodies: Array<Record<string, unknown>>): Promise<string[]> {
  const res = await request(app).post(`/companies/${company}/consignments`).set('authorization', bearer(company, 'token:1')).send(bodies);
  if (res.status !== 200 || Object.keys(res.body.errors).length) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return res.body.success;
}

export function parcel(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    order_number: `ORD-${Math.random().toString(36).slice(2, 8)}`, service_id: 'Generic Carrier|Generic Domestic Service GDOM',
    recipient: { name: 'Ada Lovelace', address: { address1: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', country: 'GB' } },
    packages: [{ weight: 1.2, weight_unit: 'kg' }, { weight: 800, weight_unit: 'g' }],
    ...overrides,
  };
}

export function claim(app: Express, company: string, body: Record<string, unknown>, principal = 'service:manifest') {
  return request(app).post(`/companies/${company}/manifest-claims`).set('authorization', bearer(company, principal)).send(body);
}
