import { randomBytes } from 'node:crypto';
import { UpsDouble } from '@waybill/carrier-doubles';
import { createLogger } from '@waybill/logger';
import { openDatabase, migrateToLatest } from '@waybill/db';
import { createTestDatabase, createTestJobs, eventually } from '@waybill/testing';
import { CarrierLinkHarness } from '../test-support';
import { migrations } from '../migrations';
import type { CarrierLinkDb } from '../database';
import { SCHEMA } from '../service';
import { applyRetention } from './call.retention';
import { startRetentionJob } from './call.retention.job';
import type { NewCarrierCall } from './call.table';

const UPS = { clientId: 'ups-app-client-0003', clientSecret: 'ups-app-secret-IJKL', accountNumber: 'Z9Y8X7' };
const company = () => `co-${randomBytes(4).toString('hex')}`;
const consignment = () => randomBytes(16).toString('hex');
const request = (postcode = 'SW1A 2AA') => ({
  orderNumber: 'ORDER-78', serviceName: 'UPS Standard',
  origin: { company_name: 'Demo Co', name: 'Dispatch', address1: '1 Warehouse Way', city: 'London', postcode: 'E14 5AB', country: 'GB' },
  destination: { name: 'Jane Smith', address1: '10 Downing Street', city: 'London', postcode, country: 'GB' },
  parcels: [{ weightKg: 2, lengthCm: 30, widthCm: 20, heightCm: 10 }], options: {},
});
const credentials = { client_id: UPS.clientId, client_secret: UPS.clientSecret, account_number: UPS.accountNumber };

describe('the carrier call log through carrier-link', () => {
  let double: UpsDouble;
  beforeAll(async () => {
    double = new UpsDouble({ clients: [UPS] });
    await double.start();
  });
  afterAll(() => double?.stop());

  describe('recording', () => {
    let h: CarrierLinkHarness;
    beforeAll(async () => { h = await CarrierLinkHarness.start({ CARRIER_BASE_URL_UPS: double.url, CARRIER_TIMEOUT_MS: '3000' }); });
    afterAll(() => h?.close());

    it("records a booking's calls and a refusal's, attributed to the consignment and the account, with no credential", async () => {
      const api = h.api(company());
      const account = (await api.post('/carrier-accounts', { carrier: 'ups', name: 'UPS', test_mode: true, credentials })).body.identifier;
      const booked = consignment();
      expect((await api.post('/carrier-bookings', { consignment_identifier: booked, carrier: 'ups', request: request() })).status).toBe(201);
      const refused = consignment();
      expect((await api.post('/carrier-bookings', { consignment_identifier: refused, carrier: 'ups', request: request('ZZ9 9ZZ') })).status).toBe(422);

      // The push subscription follows the booking within moments (a job).
      const calls = await eventually(async () => {
        const res = await api.get(`/consignment/${booked}/carrier-calls`);
        return res.body.results?.length === 3 ? res : undefined;
      }, { timeoutMs: 20_000, what: 'the subscription call' });
      expect(calls.body.results.map((c: any) => [c.operation, c.method, c.status_code, c.outcome, c.error_source])).toEqual([
        ['subscribe', 'POST', 200, 'success', null], ['book', 'POST', 200, 'success', null], ['token', 'POST', 200, 'success', null],
      ]);
      const [, book, token] = calls.body.results;
      expect(book).toMatchObject({ carrier: 'ups', account, url: expect.stringContaining('/api/shipments/'), duration_ms: expect.any(Number), carrier_code: null, message: null });
      expect(JSON.stringify(book.response)).toMatch(/<base64, \d+ kB>/);
      expect(book.request.ShipmentRequest.Shipment.ShipTo.Name).toBe('Jane Smith');
      expect(token.response.access_token).toBe('****');

      const refusal = (await api.get(`/consignment/${refused}/carrier-calls`)).body;
      expect(refusal).toMatchObject({ count: 1, next: null });
      expect(refusal.results[0]).toMatchObject({
        operation: 'book', status_code: 400, outcome: 'refused', error_source: 'carrier', carrier_code: '120802', message: 'Address Validation Error on ShipTo address',
      });

      const byAccount = (await api.get(`/carrier-accounts/${account}/calls?limit=2`)).body;
      expect(byAccount).toMatchObject({ count: 4, results: [expect.anything(), expect.anything()] });
      expect(byAccount.next).toMatch(/\/carrier-accounts\/.+\/calls\?offset=.+&limit=2$/);
      const offset = new URL(byAccount.next).searchParams.get('offset');
      expect((await api.get(`/carrier-accounts/${account}/calls?offset=${offset}&limit=2`)).body).toMatchObject({ count: 2, next: null });

      const everything = JSON.stringify([calls.body, refusal, byAccount]);
      for (const secret of [UPS.clientSecret, Buffer.from(`${UPS.clientId}:${UPS.clientSecret}`).toString('base64'), 'Bearer ', 'Basic ']) expect(everything).not.toContain(secret);
      const db = h.db();
      const stored = JSON.stringify(await db.db.selectFrom('carrier_calls').selectAll().where('account_id', '=', account).execute());
      await db.close();
      expect(stored).not.toContain(UPS.clientSecret);
      expect(stored).not.toMatch(/"access_token":"(?!\*\*\*\*)/);
    });

    it("is the company's alone: another company's consignment or account is a 404, and bad pages a 400", async () => {
      const api = h.api(company());
      const account = (await api.post('/carrier-accounts', { carrier: 'ups', name: 'UPS', test_mode: true, credentials })).body.identifier;
      const id = consignment();
      await api.post('/carrier-bookings', { consignment_identifier: id, carrier: 'ups', request: request() });
      const other = h.api(company());
      expect((await other.get(`/consignment/${id}/carrier-calls`)).status).toBe(404);
      expect((await other.get(`/carrier-accounts/${account}/calls`)).status).toBe(404);
      expect((await api.get(`/consignment/${consignment()}/carrier-calls`)).status).toBe(404);
      expect((await api.get(`/consignment/${id}/carrier-calls?limit=0`)).status).toBe(400);
      expect((await api.get(`/consignment/${id}/carrier-calls?offset=nope`)).body.detail).toBe('offset: unknown call "nope".');
    });
  });

  it('never fails or holds up a booking when the call log cannot be written', async () => {
    let attempts = 0;
    const h = await CarrierLinkHarness.start({ CARRIER_BASE_URL_UPS: double.url }, {
      callStore: { insert: async () => { attempts++; throw new Error('call log store down'); } },
    });
    try {
      const api = h.api(company());
      await api.post('/carrier-accounts', { carrier: 'ups', name: 'UPS', test_mode: true, credentials });
      const id = consignment();
      const booked = await api.post('/carrier-bookings', { consignment_identifier: id, carrier: 'ups', request: request() });
      expect([booked.status, booked.body.booked]).toEqual([201, true]);
      await eventually(() => attempts > 0, { what: 'the failed write' });
      expect((await api.get(`/consignment/${id}/carrier-calls`)).body).toEqual({ count: 0, next: null, results: [] });
    } finally {
      await h.close();
    }
  });

  it('never waits for a call log store that does not answer: not the booking, not the reader, not the shutdown', async () => {
    let writes = 0;
    const h = await CarrierLinkHarness.start({ CARRIER_BASE_URL_UPS: double.url }, {
      callStore: { insert: () => { writes++; return new Promise<void>(() => undefined); } },
    });
    try {
      const api = h.api(company());
      await api.post('/carrier-accounts', { carrier: 'ups', name: 'UPS', test_mode: true, credentials });
      const id = consignment();
      const booked = await api.post('/carrier-bookings', { consignment_identifier: id, carrier: 'ups', request: request() });
      expect([booked.status, booked.body.booked]).toEqual([201, true]);
      await eventually(() => writes > 0, { what: 'the hanging write' });
      const read = await api.get(`/consignment/${id}/carrier-calls`);
      expect(read.status).toBe(200);
    } finally {
      await h.close();
    }
  });
});

describe('the call log retention', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();
  const row = (at: string, n: number): NewCarrierCall => ({
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, company: 'co', account_id: 'acc', consignment_identifier: 'c1', carrier: 'ups',
    operation: 'book', method: 'POST', url: 'https://x.example/ship', status_code: 400, duration_ms: 5, outcome: 'refused', error_source: 'carrier',
    carrier_code: '1', message: 'No such address for jane@example.com', at,
    request: JSON.stringify({ ShipTo: { Name: 'Jane Smith', Phone: { Number: '07700900123' }, Address: { AddressLine: ['10 Downing Street'], PostalCode: 'SW1A 2AA' } } }),
    response: JSON.stringify({ errors: [{ code: '1', message: 'bad' }] }),
  });

  async function withDb<T>(fn: (db: ReturnType<typeof openDatabase<CarrierLinkDb>>) => Promise<T>): Promise<T> {
    const testDb = await createTestDatabase();
    const database = openDatabase<CarrierLinkDb>(testDb.target, SCHEMA);
    try {
      await migrateToLatest(database.db, SCHEMA, migrations);
      return await fn(database);
    } finally {
      await database.close();
      await testDb.drop();
    }
  }

  it('deletes calls after 90 days and masks personal data after 30, in batches, and a second pass changes nothing', () => withDb(async ({ db }) => {
    const ages = [1, 29, 31, 32, 33, 45, 89, 91, 95, 120];
    await db.insertInto('carrier_calls').values(ages.map((d, i) => row(daysAgo(d), i))).execute();
    expect(await applyRetention(db, now, { personalDataDays: 30, retentionDays: 90, batch: 2 })).toEqual({ deleted: 3, masked: 5 });
    const left = await db.selectFrom('carrier_calls').selectAll().orderBy('at', 'desc').execute();
    expect(left).toHaveLength(7);
    const [fresh, young] = left;
    expect((fresh.request as any).ShipTo.Name).toBe('Jane Smith');
    expect(young.personal_data_masked_at).toBeNull();
    for (const old of left.slice(2)) {
      expect(old.request).toEqual({ ShipTo: { Name: '****', Phone: { Number: '****' }, Address: { AddressLine: ['****'], PostalCode: 'SW1A 2AA' } } });
      expect(old.message).toBe('No such address for ****');
      expect(old.response).toEqual({ errors: [{ code: '1', message: 'bad' }] });
      expect(old.personal_data_masked_at).not.toBeNull();
    }
    expect(await applyRetention(db, now, { personalDataDays: 30, retentionDays: 90, batch: 2 })).toEqual({ deleted: 0, masked: 0 });
  }));

  it('runs as a scheduled job on the job driver (BullMQ or inline) as soon as carrier-link starts', () => withDb(async ({ db }) => {
    await db.insertInto('carrier_calls').values([row(new Date(Date.now() - 100 * 86_400_000).toISOString(), 1), row(new Date(Date.now() - 40 * 86_400_000).toISOString(), 2)]).execute();
    const jobs = createTestJobs();
    try {
      await startRetentionJob({ db, logger: createLogger('test', { level: 'silent' }) }, jobs, { personalDataDays: 30, retentionDays: 90 });
      await eventually(async () => {
        const rows = await db.selectFrom('carrier_calls').select(['id', 'personal_data_masked_at']).execute();
        return rows.length === 1 && rows[0].personal_data_masked_at !== null;
      }, { timeoutMs: 20_000, what: 'the retention pass' });
    } finally {
      await jobs.close();
    }
  }));
});
