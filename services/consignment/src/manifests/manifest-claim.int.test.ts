import request from 'supertest';
import type { Express } from 'express';
import { sql, type Database } from '@waybill/db';
import { SchemaId, validate } from '@waybill/contracts';
import type { Harness } from '../test-support';
import type { ConsignmentDb } from '../database';
import { BERLIN, LONDON, bearer, claim, claimHarness, createConsignments, parcel } from './manifest-claim.fixture';

const manifestId = () => [...Array(32)].map(() => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('');

describe('manifest claims (consignment service, internal)', () => {
  let harness: Harness;
  let app: Express;
  let database: Database<ConsignmentDb>;
  beforeAll(async () => {
    harness = await claimHarness();
    ({ app, database } = harness);
  });
  afterAll(() => harness.close());

  const get = (id: string, company = 'acme') => request(app).get(`/companies/${company}/consignment/${id}`).set('authorization', bearer(company, 'token:1'));
  const statusOf = async (id: string) => (await get(id)).body.current_status.status;
  const outboxFor = async (id: string) => (await sql<{ payload: any }>`select payload from consignment.outbox where payload->'data'->'consignment'->>'identifier' = ${id} and type = 'consignment.consignment.status_changed' order by seq`.execute(database.db)).rows.map((r) => r.payload.data);

  it('moves Allocated and Printed consignments to Manifested and answers what the manifest prints, in request order', async () => {
    const [a, b] = await createConsignments(app, 'acme', [parcel(), parcel({ packages: [] })]);
    await database.db.updateTable('consignments').set({ status: 'Printed' }).where('identifier', '=', b).execute();
    const m = manifestId();
    const res = await claim(app, 'acme', { manifest_id: m, carrier_id: 'generic', warehouse_id: LONDON, consignment_ids: [b, a] });
    expect(res.status).toBe(200);
    expect(validate(SchemaId.ManifestClaim, res.body)).toEqual({ ok: true });
    const consignmentA = (await get(a)).body;
    expect(res.body).toEqual({
      manifest_id: m,
      scope: 'listed',
      carrier: { identifier: 'generic', name: 'Generic Carrier' },
      warehouse: expect.objectContaining({ identifier: LONDON, name: 'Main', timezone: 'Europe/London', address: expect.objectContaining({ postcode: 'E16 1AA' }) }),
      consignments: [
        expect.objectContaining({ identifier: b, package_count: 1, weight_kg: null, tracking_numbers: [] }),
        {
          identifier: a, order_number: consignmentA.order_number, consignment_number: consignmentA.consignment_number,
          tracking_numbers: consignmentA.packages.map((p: any) => p.tracking_number),
          recipient: { postcode: 'SW1A 2AA', country: 'GB' }, package_count: 2, weight_kg: 2,
        },
      ],
    });
    expect(consignmentA.current_status.status).toBe('Manifested');
    expect(await statusOf(b)).toBe('Manifested');
    const history = (await request(app).get(`/companies/acme/consignment/${a}/history`).set('authorization', bearer('acme', 'token:1'))).body;
    expect(history.at(-1)).toMatchObject({ status: 'Manifested', reason: `manifest ${m}` });
    expect(await outboxFor(a)).toEqual([expect.objectContaining({ from: 'Allocated', to: 'Manifested', consignment: expect.objectContaining({ identifier: a }) })]);
    expect(await outboxFor(b)).toEqual([expect.objectContaining({ from: 'Printed', to: 'Manifested' })]);
  });

  it('answers a repeated claim of the same manifest with the same data and no second change', async () => {
    const ids = await createConsignments(app, 'acme', [parcel(), parcel()]);
    const body = { manifest_id: manifestId(), carrier_id: 'generic', warehouse_id: LONDON, consignment_ids: ids };
    const first = await claim(app, 'acme', body);
    const again = await claim(app, 'acme', body);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await outboxFor(ids[0])).toHaveLength(1);
  });

  it('refuses the whole claim, naming every offending consignment and why, and changes nothing', async () => {
    const [ok, unallocated, cancelled, swift, berlin] = await createConsignments(app, 'acme', [
      parcel(), parcel({ service_id: null }), parcel(), parcel({ service_id: 'SwiftPost|SwiftPost 24' }),
      parcel({ warehouse_id: BERLIN, service_id: 'Generic Carrier|Generic Europe GEUR' }),
    ]);
    await request(app).delete(`/companies/acme/consignment/${cancelled}`).set('authorization', bearer('acme', 'token:1')).expect(200);
    const [foreign] = await createConsignments(app, 'other', [parcel()]);
    const missing = 'f'.repeat(32);
    const ids = [ok, unallocated, cancelled, swift, berlin, foreign, missing];
    const res = await claim(app, 'acme', { manifest_id: manifestId(), carrier_id: 'generic', warehouse_id: LONDON, consignment_ids: ids });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^consignment_ids: 6 consignments cannot be manifested: /);
    for (const id of [unallocated, cancelled, swift, berlin, foreign, missing]) expect(res.body.detail).toContain(id);
    expect(res.body.detail).not.toContain(ok);
    expect(res.body.errors).toEqual({
      'consignment_ids.1': [`${unallocated}: not allocated to a carrier.`],
      'consignment_ids.2': [`${cancelled}: is Cancelled.`],
      'consignment_ids.3': [`${swift}: allocated to swiftpost, not generic.`],
      'consignment_ids.4': [`${berlin}: ships from ${BERLIN}, not ${LONDON}.`],
      'consignment_ids.5': [`${foreign}: not found.`],
      'consignment_ids.6': [`${missing}: not found.`],
    });
    expect(await statusOf(ok)).toBe('Allocated');
    expect(await statusOf(foreign).catch(() => undefined)).toBeUndefined();
    expect((await get(foreign, 'other')).body.current_status.status).toBe('Allocated');
  });

  it('refuses a consignment already on another manifest, naming that manifest', async () => {
    const [a, b] = await createConsignments(app, 'acme', [parcel(), parcel()]);
    const first = manifestId();
    await claim(app, 'acme', { manifest_id: first, carrier_id: 'generic', warehouse_id: LONDON, consignment_ids: [a] }).expect(200);
    const res = await claim(app, 'acme', { manifest_id: manifestId(), carrier_id: 'generic', warehouse_id: LONDON, consignment_ids: [b, a] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ 'consignment_ids.1': [`${a}: already on manifest ${first}.`] });
    expect(await statusOf(b)).toBe('Allocated');
  });

  it('gives a consignment to exactly one of two manifests claiming it at the same time', async () => {
    for (let round = 0; round < 5; round++) {
      const [shared, x, y] = await createConsignments(app, 'acme', [parcel(), parcel(), parcel()]);
      const results = await Promise.all([
        claim(app, 'acme', { manifest_id: manifestId(), carrier_id: 'generic', warehouse_id: LONDON, consignment_ids: [x, shared] }),
        claim(app, 'acme', { manifest_id: manifestId(), carrier_id: 'generic', warehouse_id: LONDON, consignment_ids: [shared, y] }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
      const loser = results.find((r) => r.status === 400)!;
      expect(loser.body.detail).toContain(shared);
      const loserOther = results[0] === loser ? x : y;
      expect(await statusOf(loserOther)).toBe('Allocated');
      expect(await outboxFor(shared)).toHaveLength(1);
    }
  });

  it('keeps Manifested consignments frozen: update and cancel answer 409', async () => {
    const [a] = await createConsignments(app, 'acme', [parcel()]);
    await claim(app, 'acme', { manifest_id: manifestId(), carrier_id: 'generic', warehouse_id: LONDON, consignment_ids: [a] }).expect(200);
    const current = (await get(a)).body;
    const put = await request(app).put(`/companies/acme/consignment/${a}`).set('authorization', bearer('acme', 'token:1')).send({ ...current, order_number: 'CHANGED' });
    expect(put.status).toBe(409);
    expect(put.body.detail).toMatch(/Manifested/);
    const del = await request(app).delete(`/companies/acme/consignment/${a}`).set('authorization', bearer('acme', 'token:1'));
    expect(del.status).toBe(409);
    expect((await get(a)).body).toEqual(current);
  });

  it('refuses unknown carriers, warehouses and malformed bodies with field errors', async () => {
    const [a] = await createConsignments(app, 'acme', [parcel()]);
    const unknownCarrier = await claim(app, 'acme', { manifest_id: manifestId(), carrier_id: 'nope', warehouse_id: LONDON, consignment_ids: [a] });
    expect(unknownCarrier.status).toBe(400);
    expect(unknownCarrier.body.detail).toBe('carrier_id: carrier "nope" not found.');
    const unknownWarehouse = await claim(app, 'acme', { manifest_id: manifestId(), carrier_id: 'generic', warehouse_id: 'acme|Nowhere', consignment_ids: [a] });
    expect(unknownWarehouse.body.detail).toBe('warehouse_id: warehouse "acme|Nowhere" not found.');
    const malformed = await claim(app, 'acme', { manifest_id: 'x', carrier_id: 'generic', warehouse_id: LONDON, consignment_ids: [a, a] });
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.errors).sort()).toEqual(['consignment_ids', 'manifest_id']);
    expect(await statusOf(a)).toBe('Allocated');
  });

  it('takes claims only from the manifest service, never from a client token', async () => {
    const [a] = await createConsignments(app, 'acme', [parcel()]);
    const res = await claim(app, 'acme', { manifest_id: manifestId(), carrier_id: 'generic', warehouse_id: LONDON, consignment_ids: [a] }, 'token:1');
    expect(res.status).toBe(403);
    expect(await statusOf(a)).toBe('Allocated');
  });
});
