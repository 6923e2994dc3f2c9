import { randomBytes } from 'node:crypto';
import { UpsDouble } from '@waybill/carrier-doubles';
import { EventType } from '@waybill/contracts';
import { newEnvelope } from '@waybill/messaging';
import { eventually, readPdf } from '@waybill/testing';
import { CarrierLinkHarness } from '../test-support';

const UPS = { clientId: 'ups-app-client-0002', clientSecret: 'ups-app-secret-EFGH', accountNumber: 'Z9Y8X7' };
const company = () => `co-${randomBytes(4).toString('hex')}`;
const consignment = () => randomBytes(16).toString('hex');
const request = (postcode = 'SW1A 2AA') => ({
  orderNumber: 'ORDER-77', serviceName: 'UPS Standard',
  origin: { company_name: 'Demo Co', name: 'Dispatch', address1: '1 Warehouse Way', city: 'London', postcode: 'E14 5AB', country: 'GB' },
  destination: { name: 'Jane Smith', address1: '10 Downing Street', city: 'London', postcode, country: 'GB' },
  parcels: [{ weightKg: 2, lengthCm: 30, widthCm: 20, heightCm: 10 }, { weightKg: 1, lengthCm: null, widthCm: null, heightCm: null }],
  options: {},
});

describe('bookings at real carriers through carrier-link', () => {
  let h: CarrierLinkHarness;
  let double: UpsDouble;
  beforeAll(async () => {
    double = new UpsDouble({ clients: [UPS] });
    await double.start();
    h = await CarrierLinkHarness.start({ CARRIER_BASE_URL_UPS: double.url, CARRIER_TIMEOUT_MS: '3000' });
  });
  afterAll(async () => {
    await h?.close();
    await double?.stop();
  });
  afterEach(() => expect(double.violations).toEqual([]));

  async function withAccount(co = company()) {
    const api = h.api(co);
    await api.post('/carrier-accounts', { carrier: 'ups', name: 'UPS', test_mode: true, credentials: { client_id: UPS.clientId, client_secret: UPS.clientSecret, account_number: UPS.accountNumber } });
    return api;
  }

  it('books once per consignment, stores the labels, and serves them in every format without calling UPS', async () => {
    const api = await withAccount();
    const account = (await api.get('/account-carriers')).body[0].account;
    const id = consignment();
    const first = await api.post('/carrier-bookings', { consignment_identifier: id, carrier: 'ups', request: request() });
    expect([first.status, first.body.rejection_reason]).toEqual([201, undefined]);
    expect(first.body).toMatchObject({ booked: true, consignment_number: expect.stringMatching(/^1ZZ9Y8X711/), tracking_numbers: [expect.any(String), expect.any(String)], account });
    const ships = double.requests.filter((r) => r.startsWith('ship ')).length;
    expect((await api.post('/carrier-bookings', { consignment_identifier: id, carrier: 'ups', request: request() })).body).toEqual(first.body);
    double.inject({ operation: '*', kind: 'error', status: 503, times: 100 });
    try {
      const pdf = await api.get(`/carrier-bookings/${id}/labels?documenttype=application/pdf&label_size=A6`);
      expect(pdf.status).toBe(200);
      expect((await readPdf(Buffer.from(pdf.body.labels, 'base64'))).pages).toHaveLength(2);
      const zpl = await api.get(`/carrier-bookings/${id}/labels?documenttype=application/x-zebra-zpl&compression=z64`);
      expect(zpl.body.labels.match(/\^XA/g)).toHaveLength(2);
      const pngs = await api.get(`/carrier-bookings/${id}/labels?documenttype=image/x-png-list&dpi=300&label_quantity=2`);
      expect(pngs.body.labels).toHaveLength(4);
      expect(pngs.body.invoices).toBeNull();
    } finally {
      double.clearFaults();
    }
    expect(double.requests.filter((r) => r.startsWith('ship ')).length).toBe(ships);
  });

  it('renders a ZPL-booked UPS label for PDF and PNG from what it stored, without calling UPS', async () => {
    const api = h.api(company());
    await api.post('/carrier-accounts', { carrier: 'ups', name: 'UPS ZPL', test_mode: true, booking_label_format: 'zpl', credentials: { client_id: UPS.clientId, client_secret: UPS.clientSecret, account_number: UPS.accountNumber } });
    const id = consignment();
    const booked = await api.post('/carrier-bookings', { consignment_identifier: id, carrier: 'ups', request: request() });
    expect(booked.status).toBe(201);
    const ships = double.requests.filter((r) => r.startsWith('ship ')).length;
    double.inject({ operation: '*', kind: 'error', status: 503, times: 100 });
    try {
      const zpl = await api.get(`/carrier-bookings/${id}/labels?documenttype=application/x-zebra-zpl`);
      expect(zpl.body.labels).toContain(`^FD${booked.body.tracking_numbers[1]}^FS`);
      const pdf = await api.get(`/carrier-bookings/${id}/labels?documenttype=application/pdf&label_size=8x4&label_quantity=2`);
      expect([pdf.status, pdf.body.label_format]).toEqual([200, 'application/pdf']);
      const { pages } = await readPdf(Buffer.from(pdf.body.labels, 'base64'));
      expect(pages.map((p) => [Math.round(p.width), Math.round(p.height)])).toEqual(Array(4).fill([576, 288]));
      const pngs = await api.get(`/carrier-bookings/${id}/labels?documenttype=image/x-png-list&dpi=300`);
      expect(pngs.status).toBe(200);
      const png = Buffer.from(pngs.body.labels[0], 'base64');
      expect([png.subarray(1, 4).toString('latin1'), png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual(['PNG', 1200, 1800]);
    } finally {
      double.clearFaults();
    }
    expect(double.requests.filter((r) => r.startsWith('ship ')).length).toBe(ships);
  });

  it('subscribes the booked numbers to UPS Track Alert soon after booking', async () => {
    const api = await withAccount();
    const id = consignment();
    const booked = (await api.post('/carrier-bookings', { consignment_identifier: id, carrier: 'ups', request: request() })).body;
    await eventually(() => booked.tracking_numbers.every((n: string) => double.state.subscriptions.has(n)), { timeoutMs: 20_000, what: 'the Track Alert subscription' });
    const db = h.db();
    const row = await eventually(async () => {
      const r = await db.db.selectFrom('bookings').selectAll().where('consignment_identifier', '=', id).executeTakeFirstOrThrow();
      return r.subscribed_at ? r : undefined;
    }, { what: 'subscribed_at' });
    await db.close();
    expect(row.unsubscribed_numbers).toEqual([]);
  });

  it("answers UPS's refusal as a reason, and a timeout as a refusal recorded for the operator", async () => {
    const api = await withAccount();
    const refused = await api.post('/carrier-bookings', { consignment_identifier: consignment(), carrier: 'ups', request: request('ZZ9 9ZZ') });
    expect([refused.status, refused.body]).toEqual([422, { booked: false, rejection_reason: 'UPS 120802: Address Validation Error on ShipTo address', outcome_unknown: false }]);
    double.inject({ operation: 'ship', kind: 'slow', delayMs: 6000 });
    const id = consignment();
    const timedOut = await api.post('/carrier-bookings', { consignment_identifier: id, carrier: 'ups', request: request() });
    expect(timedOut.body).toEqual({ booked: false, rejection_reason: 'UPS timed out after 3 s', outcome_unknown: true });
    const db = h.db();
    const anomalies = await db.db.selectFrom('call_anomalies').selectAll().where('consignment_identifier', '=', id).execute();
    await db.close();
    expect(anomalies.map((a) => [a.carrier, a.operation, a.reason])).toEqual([['ups', 'book', 'UPS timed out after 3 s']]);
    expect((await api.get(`/carrier-bookings/${id}/labels`)).status).toBe(404);
  });

  it('voids at UPS on cancel, and cancelling again answers the same; other companies see nothing', async () => {
    const api = await withAccount();
    const id = consignment();
    const booked = (await api.post('/carrier-bookings', { consignment_identifier: id, carrier: 'ups', request: request() })).body;
    expect((await h.api(company()).delete(`/carrier-bookings/${id}`)).status).toBe(404);
    expect((await api.delete(`/carrier-bookings/${id}`)).body).toEqual({ cancelled: true });
    expect((await api.delete(`/carrier-bookings/${id}`)).body).toEqual({ cancelled: true });
    expect(double.state.shipments.get(booked.consignment_number)?.voided).toBe(true);
    expect((await api.get(`/carrier-bookings/${id}/labels`)).status).toBe(409);
  });

  it('refuses a booking for a carrier the company has no account with, and a malformed body with a 400', async () => {
    const api = h.api(company());
    expect((await api.post('/carrier-bookings', { consignment_identifier: consignment(), carrier: 'ups', request: request() })).body)
      .toEqual({ booked: false, rejection_reason: 'UPS: this company has no enabled UPS account', outcome_unknown: false });
    const bad = await api.post('/carrier-bookings', { carrier: 'ups', request: { serviceName: 'UPS Standard' } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('consignment_identifier: This field is required.');
  });

  // docs/operations.md#retention-and-erasure: carrier-link's copies of an erased consignment go on its event.
  it('on consignment.consignment.erased empties that consignment\'s call bodies and deletes its stored labels, once however often the event comes', async () => {
    const co = company();
    const api = await withAccount(co);
    const [erased, kept] = [consignment(), consignment()];
    for (const id of [erased, kept]) expect((await api.post('/carrier-bookings', { consignment_identifier: id, carrier: 'ups', request: request() })).status).toBe(201);
    const callsOf = async (id: string) => (await api.get(`/consignment/${id}/carrier-calls`)).body.results as Array<Record<string, unknown>>;
    await eventually(async () => (await callsOf(erased)).some((c) => c.operation === 'book') || undefined, { timeoutMs: 20_000, what: 'the booking call' });
    expect(JSON.stringify(await callsOf(erased))).toContain('Jane Smith');
    const event = newEnvelope(EventType.ConsignmentErased, co, { identifier: erased, consignment_number: null, tracking_numbers: [], erased_at: new Date().toISOString(), reason: 'request' });
    await h.bus.publish(event);
    await h.bus.publish(event);
    const db = h.db();
    const labelsOf = async (id: string) => db.db.selectFrom('booked_labels').select('position').where('consignment_identifier', '=', id).execute();
    try {
      await eventually(async () => (await labelsOf(erased)).length === 0 || undefined, { timeoutMs: 10_000, what: 'the labels deleted' });
      const calls = await callsOf(erased);
      expect(calls.find((c) => c.operation === 'book')).toMatchObject({ request: null, response: null, message: null, outcome: 'success' });
      expect(JSON.stringify(calls)).not.toContain('Jane Smith');
      expect(JSON.stringify(await callsOf(kept))).toContain('Jane Smith');
      expect((await labelsOf(kept)).length).toBeGreaterThan(0);
      expect(await db.db.selectFrom('inbox').select('event_id').where('event_id', '=', event.id).execute()).toHaveLength(1);
    } finally {
      await db.close();
    }
  });
});
