import request from 'supertest';
import type { Express } from 'express';
import { openDatabase, migrateToLatest, type Database } from '@waybill/db';
import { createLogger } from '@waybill/logger';
import { signInternalToken } from '@waybill/internal-auth';
import { createTestDatabase, type TestDatabase } from '@waybill/testing';
import { buildApp, AUDIENCE } from '../app';
import { sandboxCarriers } from '../test-support';
import { SCHEMA } from '../service';
import { migrations } from '../migrations';
import type { ConsignmentDb } from '../database';
import { enableCarrier, upsertSettings, upsertWarehouse } from '../companies/company.repository';

const SECRET = 'test-secret';
const auth = (principal: string) => `Bearer ${signInternalToken(SECRET, AUDIENCE, { company: 'acme', principal })}`;
const recipient = { name: 'Ada', address: { address1: '1 Road', city: 'London', postcode: 'SW1A 2AA', country: 'GB' } };

describe('allocation by rules: internal allocate endpoint and allocateByRules', () => {
  let tdb: TestDatabase;
  let database: Database<ConsignmentDb>;
  let app: Express;
  let candidates: string[] | Error = [];
  const asked: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    tdb = await createTestDatabase();
    database = openDatabase<ConsignmentDb>(tdb.target, SCHEMA);
    await migrateToLatest(database.db, SCHEMA, migrations);
    await upsertSettings(database.db, { company: 'acme', extraCustomFields: false, trackingEnabled: false });
    await upsertWarehouse(database.db, { company: 'acme', name: 'London', address: { address1: '1 Dock', city: 'London', postcode: 'E14 5AB', country: 'GB' }, timezone: 'Europe/London', isDefault: true });
    for (const c of ['generic', 'parcelink', 'swiftpost']) await enableCarrier(database.db, 'acme', c);
    const rules = { candidates: async (_company: string, body: Record<string, unknown>) => { asked.push(body); if (candidates instanceof Error) throw candidates; return candidates; } };
    app = buildApp({ db: database.db, carriers: sandboxCarriers(), logger: createLogger('test'), internalJwtSecret: SECRET, readiness: {}, afterCommit: () => undefined, rules }).app;
  });
  afterAll(async () => {
    await database.close();
    await tdb.drop();
  });

  async function unallocated(kg: number): Promise<string> {
    const res = await request(app).post('/companies/acme/consignments').set('authorization', auth('token:t1'))
      .send([{ order_number: `O-${kg}`, recipient, packages: [{ weight: kg, weight_unit: 'kg' }], options: { signature_required: 'true' } }]);
    return res.body.success[0];
  }
  const allocate = (id: string, principal = 'service:documents') => request(app).post(`/companies/acme/consignment/${id}/allocate`).set('authorization', auth(principal));

  it('books the first candidate whose carrier accepts, passing the consignment to the rules', async () => {
    candidates = ['Parcelink|Parcelink Economy', 'No Such|Service', 'SwiftPost|SwiftPost 48'];
    const id = await unallocated(12);
    const res = await allocate(id);
    expect(res.status).toBe(200);
    expect([res.body.current_status.status, res.body.service_id, res.body.consignment_number]).toEqual(['Allocated', 'SwiftPost|SwiftPost 48', expect.any(String)]);
    expect(asked.at(-1)).toMatchObject({ warehouse_id: 'acme|London', order_number: 'O-12', options: { signature_required: 'true' }, recipient: { address: { country: 'GB' } } });
    const again = await allocate(id);
    expect([again.status, again.body.consignment_number]).toEqual([200, res.body.consignment_number]);
  });

  it('answers 409 and stores the reason when every candidate refuses, or none is given', async () => {
    candidates = ['Parcelink|Parcelink Standard'];
    const id = await unallocated(12);
    const refused = await allocate(id);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/^No carrier the rules allow accepted the consignment: Parcelink: package 1 weighs 12 kg/);
    expect(refused.body.rejection_reason).toBe(refused.body.detail);
    const stored = await request(app).get(`/companies/acme/consignment/${id}`).set('authorization', auth('token:t1'));
    expect(stored.body.current_status).toEqual({ status: 'Unallocated', short_form: 'unallocated', rejection_reason: refused.body.detail });
    candidates = [];
    const none = await allocate(id);
    expect([none.status, none.body.rejection_reason]).toEqual([409, 'No allocation rule gives a service for this consignment.']);
    candidates = new Error('connection refused');
    const down = await allocate(id);
    expect([down.status, down.body.rejection_reason]).toEqual([409, 'The allocation rules could not be consulted just now; try again shortly.']);
  });

  it('answers 409 for a cancelled consignment and 404 to a client principal or an unknown one', async () => {
    const id = await unallocated(1);
    expect((await allocate(id, 'token:t1')).status).toBe(404);
    await request(app).delete(`/companies/acme/consignment/${id}`).set('authorization', auth('token:t1'));
    candidates = ['Generic Carrier|Generic Domestic Service GDOM'];
    const cancelled = await allocate(id);
    expect([cancelled.status, cancelled.body.detail]).toEqual([409, 'Consignment is Cancelled and cannot be allocated.']);
    expect((await allocate('f'.repeat(32))).status).toBe(404);
  });
});
