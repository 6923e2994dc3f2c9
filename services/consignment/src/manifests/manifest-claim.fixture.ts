import request from 'supertest';
import type { Express } from 'express';
import { signInternalToken } from '@waybill/internal-auth';
import { AUDIENCE } from '../app';
import { SECRET, startHarness, type Harness } from '../test-support';
import { enableCarrier, upsertSettings, upsertWarehouse } from '../companies/company.repository';

export const LONDON = 'acme|Main';
export const BERLIN = 'acme|Berlin Hub';

/** The service harness (company acme, warehouse Main), plus a second warehouse and a second company. */
export async function claimHarness(): Promise<Harness> {
  const h = await startHarness('acme');
  const db = h.database.db;
  await upsertWarehouse(db, { company: 'acme', name: 'Berlin Hub', timezone: 'Europe/Berlin', isDefault: false, address: { address1: 'Lagerstrasse 5', city: 'Berlin', postcode: '10115', country: 'DE' } });
  await upsertSettings(db, { company: 'other', extraCustomFields: false, trackingEnabled: false });
  await upsertWarehouse(db, { company: 'other', name: 'Main', timezone: 'Europe/London', isDefault: true, address: { address1: '2 Dock Rd', city: 'London', postcode: 'E16 1AA', country: 'GB' } });
  await enableCarrier(db, 'other', 'generic');
  return h;
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
