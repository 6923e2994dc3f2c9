import request from 'supertest';
import type { Express } from 'express';
import { sql } from 'kysely';
import type { Harness } from '../test-support';
import { LONDON, bearer, claim, claimHarness, parcel } from '../manifests/manifest-claim.fixture';

const DUPLICATE = 'identifier: A consignment with this identifier already exists.';
const manifestId = () => [...Array(32)].map(() => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('');

/** docs/api/consignments.md#identifiers: a create element may carry the client's own identifier, unique per company. */
describe('client identifiers (consignment service)', () => {
  let h: Harness;
  let app: Express;
  beforeAll(async () => {
    h = await claimHarness();
    app = h.app;
  });
  afterAll(() => h.close());

  const as = (company: string) => bearer(company, 'token:1');
  const create = (bodies: unknown[], company = 'acme') => request(app).post(`/companies/${company}/consignments`).set('authorization', as(company)).send(bodies);
  const get = (path: string, company = 'acme') => request(app).get(`/companies/${company}${path}`).set('authorization', as(company));
  const rows = async (identifier: string) => (await sql<{ company: string }>`select company from consignment.consignments where identifier = ${identifier} order by company`
    .execute(h.database.db)).rows.map((r) => r.company);

  it('keeps the identifier the client sent, and takes it in every path: GET, history, list filter and keyset offset', async () => {
    const res = await create([parcel({ identifier: 'AWB-176-12345675' }), parcel({ identifier: 48213 }), parcel()]);
    expect(res.body.errors).toEqual({});
    expect(res.body.success).toEqual(['AWB-176-12345675', '48213', expect.stringMatching(/^[0-9a-f]{32}$/)]);
    const one = await get('/consignment/AWB-176-12345675');
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ identifier: 'AWB-176-12345675', current_status: { status: 'Allocated' } });
    expect((await get('/consignment/48213')).body.identifier).toBe('48213');
    expect((await get('/consignment/AWB-176-12345675/history')).body.map((s: { status: string }) => s.status)).toEqual(['Allocated']);
    const filtered = await get('/consignments?identifier=AWB-176-12345675');
    expect(filtered.body.results.map((c: { identifier: string }) => c.identifier)).toEqual(['AWB-176-12345675']);
    const after = await get('/consignments?offset=AWB-176-12345675&limit=100');
    expect(after.status).toBe(200);
    expect(after.body.results.map((c: { identifier: string }) => c.identifier).slice(0, 2)).toEqual(['48213', res.body.success[2]]);
  });

  it('refuses an identifier it cannot keep, as that element\'s error, and creates the others', async () => {
    const res = await create([parcel({ identifier: 'has space' }), parcel({ identifier: 'x'.repeat(65) }), parcel({ identifier: 2.5 }), parcel({ identifier: 'ok_1' })]);
    expect(res.body).toEqual({
      success: ['ok_1'],
      errors: {
        0: ['identifier: Enter 1 to 64 letters, digits, "-" or "_".'],
        1: ['identifier: Enter 1 to 64 letters, digits, "-" or "_".'],
        2: ['identifier: Must be a string or integer.'],
      },
    });
  });

  it('refuses a second consignment with the same identifier, in the same request or a later one, and stores one', async () => {
    const res = await create([parcel({ identifier: 'DUP-1' }), parcel({ identifier: 'DUP-1' }), parcel({ identifier: 'DUP-2' })]);
    expect(res.body).toEqual({ success: ['DUP-1', 'DUP-2'], errors: { 1: [DUPLICATE] } });
    const again = await create([parcel(), parcel({ identifier: 'DUP-2' })]);
    expect(again.body).toEqual({ success: [expect.any(String)], errors: { 1: [DUPLICATE] } });
    expect(await rows('DUP-2')).toEqual(['acme']);
  });

  it('stores exactly one of many concurrent creates with the same identifier; the others get the duplicate error', async () => {
    const orders = ['R-0', 'R-1', 'R-2', 'R-3', 'R-4', 'R-5'];
    const answers = await Promise.all(orders.map((order) => create([parcel({ identifier: 'RACE-1', order_number: order })])));
    const won = answers.flatMap((a, i) => (a.body.success.length === 1 ? [orders[i]] : []));
    expect(won).toHaveLength(1);
    for (const lost of answers.filter((a) => a.body.success.length === 0)) expect(lost.body).toEqual({ success: [], errors: { 0: [DUPLICATE] } });
    expect(await rows('RACE-1')).toEqual(['acme']);
    expect((await get('/consignment/RACE-1')).body.order_number).toBe(won[0]);
  });

  it('lets another company use the same identifier, each seeing only its own consignment and history', async () => {
    await create([parcel({ identifier: 'SHARED-7', order_number: 'ACME-7' })]);
    const other = await create([parcel({ identifier: 'SHARED-7', order_number: 'OTHER-7' })], 'other');
    expect(other.body).toEqual({ success: ['SHARED-7'], errors: {} });
    expect(await rows('SHARED-7')).toEqual(['acme', 'other']);
    expect((await get('/consignment/SHARED-7')).body.order_number).toBe('ACME-7');
    expect((await get('/consignment/SHARED-7', 'other')).body.order_number).toBe('OTHER-7');
    await request(app).delete('/companies/other/consignment/SHARED-7').set('authorization', as('other'));
    expect((await get('/consignment/SHARED-7/history')).body.map((s: { status: string }) => s.status)).toEqual(['Allocated']);
    expect((await get('/consignment/SHARED-7/history', 'other')).body.map((s: { status: string }) => s.status)).toEqual(['Allocated', 'Cancelled']);
    expect((await get('/consignment/SHARED-7')).body.current_status.status).toBe('Allocated');
  });

  it('never changes an identifier on PUT: a different one in the body is ignored', async () => {
    await create([parcel({ identifier: 'KEEP-1' })]);
    const c = (await get('/consignment/KEEP-1')).body;
    const put = await request(app).put('/companies/acme/consignment/KEEP-1').set('authorization', as('acme'))
      .send({ ...c, identifier: 'OTHER-ID', delivery_instructions: 'Porch' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ identifier: 'KEEP-1', delivery_instructions: 'Porch' });
    expect((await get('/consignment/OTHER-ID')).status).toBe(404);
  });

  it('manifests by the client identifier', async () => {
    await create([parcel({ identifier: '176-99887766' })]);
    const res = await claim(app, 'acme', { manifest_id: manifestId(), carrier_id: 'generic', warehouse_id: LONDON, consignment_ids: ['176-99887766'] });
    expect(res.status).toBe(200);
    expect(res.body.consignments.map((c: { identifier: string }) => c.identifier)).toEqual(['176-99887766']);
    expect((await get('/consignment/176-99887766')).body.current_status.status).toBe('Manifested');
  });
});
