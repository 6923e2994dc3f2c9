import { DhlExpressDouble, RoyalMailDouble } from '@waybill/carrier-doubles';
import type { RunningService } from '@waybill/http';
import { eventually } from '@waybill/testing';
import { bookingRequest, metricValue, newCompany, newConsignment, PollingStack } from './polling.test-support';

/**
 * Tracking polls of carriers that do not push (docs/carriers/tracking.md), on shortened figures: first poll
 * 300 ms after booking, doubling up to every 1.2 s. Real Postgres, RabbitMQ and Redis where they answer.
 */
const DHL = { apiKey: 'dhl-key-polling', apiSecret: 'dhl-secret-polling', accountNumber: '123456789' };
const RM = { apiKey: 'rm-key-polling-0001', oba: true, tracking: { clientId: 'rm-track-client', clientSecret: 'rm-track-secret' } };
const FIRST = 300;
const MAX = 1200;

describe('tracking polls at carriers without pushes', () => {
  let stack: PollingStack;
  let dhl: DhlExpressDouble;
  let rm: RoyalMailDouble;
  let svc: RunningService;
  beforeAll(async () => {
    dhl = new DhlExpressDouble([DHL]);
    rm = new RoyalMailDouble([RM]);
    await Promise.all([dhl.start(), rm.start()]);
    stack = await PollingStack.start({ CARRIER_BASE_URL_DHL_EXPRESS: dhl.url, CARRIER_BASE_URL_ROYALMAIL: rm.url, CARRIER_TIMEOUT_MS: '3000', CARRIER_BREAKER_OPEN_MS: '300' });
    svc = await stack.replica();
  });
  afterAll(async () => {
    await stack?.close();
    await Promise.all([dhl?.stop(), rm?.stop()]);
  });
  afterEach(() => expect([...dhl.violations, ...rm.violations]).toEqual([]));

  async function bookDhl(parcels = 1, on = svc) {
    const company = newCompany();
    const api = stack.api(on, company);
    await api.post('/carrier-accounts', { carrier: 'dhl_express', name: 'DHL', credentials: { api_key: DHL.apiKey, api_secret: DHL.apiSecret, account_number: DHL.accountNumber } });
    const id = newConsignment();
    const booked = await api.post('/carrier-bookings', { consignment_identifier: id, carrier: 'dhl_express', request: bookingRequest('DHL Express Domestic', parcels) });
    expect(booked.status).toBe(201);
    return { company, api, id, booked: booked.body as { consignment_number: string; tracking_numbers: string[] } };
  }

  it('schedules every number at booking, first after the first interval, then backs off doubling up to the maximum', async () => {
    const before = Date.now();
    const { company, id, booked } = await bookDhl(2);
    const rows = await stack.schedule(company, id);
    expect(rows.map((r) => r.tracking_number).sort()).toEqual([...booked.tracking_numbers].sort());
    for (const r of rows) {
      expect(r.polls).toBe(0);
      const wait = new Date(r.next_poll_at!).getTime() - new Date(r.booked_at).getTime();
      expect(wait).toBeGreaterThanOrEqual(FIRST);
      expect(wait).toBeLessThanOrEqual(FIRST * 1.1 + 1);
      expect(new Date(r.booked_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    }
    const polled = await eventually(async () => {
      const r = (await stack.schedule(company, id))[0];
      return r.polls >= 3 && r.next_poll_at && r.last_polled_at ? r : undefined;
    }, { timeoutMs: 20_000, what: 'three polls' });
    // After n polls the next waits FIRST * 2^n, at most MAX, plus up to 10% jitter.
    const interval = new Date(polled.next_poll_at!).getTime() - new Date(polled.last_polled_at!).getTime();
    const expected = Math.min(MAX, FIRST * 2 ** polled.polls);
    expect(interval).toBeGreaterThanOrEqual(expected - 5);
    expect(interval).toBeLessThanOrEqual(expected * 1.1 + 5);
  });

  it('hands the events it finds to the bus, maps DHL checkpoints, and stops polling a number once it is delivered', async () => {
    const { company, id, booked } = await bookDhl(1);
    const [piece] = booked.tracking_numbers;
    dhl.addEvent(booked.consignment_number, { typeCode: 'PU', description: 'Shipment picked up', at: new Date(Date.now() - 60_000), location: 'LONDON-HEATHROW - UK' });
    await eventually(() => stack.eventsOf(piece).some((e) => e.carrier_code === 'PU' && e.status === 'IN_TRANSIT'), { timeoutMs: 20_000, what: 'the pick-up event' });
    const e = stack.polled.find((p) => JSON.stringify(p.data).includes(piece))!;
    expect(e).toMatchObject({ type: 'carrier_link.tracking.polled', company, data: { carrier: 'dhl_express' } });
    dhl.addEvent(booked.consignment_number, { typeCode: 'OK', description: 'Delivered', at: new Date(), signedBy: 'J SMITH' });
    const stopped = await eventually(async () => {
      const r = (await stack.schedule(company, id))[0];
      return r.stopped_reason ? r : undefined;
    }, { timeoutMs: 20_000, what: 'polling to stop' });
    expect(stopped).toMatchObject({ stopped_reason: 'delivered', next_poll_at: null });
    await eventually(() => stack.eventsOf(piece).some((x) => x.carrier_code === 'OK' && x.status === 'DELIVERED'), { what: 'the delivery event' });
  });

  it("serves DHL's electronic proof of delivery of a delivered parcel to tracking-ingest, and none for an unknown parcel", async () => {
    const { api, id, booked } = await bookDhl(1);
    const [piece] = booked.tracking_numbers;
    dhl.addEvent(booked.consignment_number, { typeCode: 'OK', description: 'Delivered', at: new Date(), signedBy: 'J SMITH' });
    const pod = await api.get(`/carrier-bookings/${id}/proof-of-delivery?tracking_number=${piece}`);
    expect(pod.status).toBe(200);
    expect(pod.body.documents).toHaveLength(1);
    expect(pod.body.documents[0]).toMatchObject({ file_type: 'application/pdf', proof_of_delivery_type: 'signature' });
    expect(Buffer.from(pod.body.documents[0].content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect((await api.get(`/carrier-bookings/${id}/proof-of-delivery?tracking_number=JD0000000000`)).status).toBe(404);
    expect((await api.get(`/carrier-bookings/${id}/proof-of-delivery`)).status).toBe(400);
  });

  it('stops polling a cancelled booking without asking the carrier', async () => {
    const { company, api, id } = await bookDhl(1);
    expect((await api.delete(`/carrier-bookings/${id}`)).body).toEqual({ cancelled: true });
    const row = await eventually(async () => ((await stack.schedule(company, id))[0].stopped_reason ? (await stack.schedule(company, id))[0] : undefined), { timeoutMs: 20_000, what: 'the cancelled number to stop' });
    expect(row).toMatchObject({ stopped_reason: 'cancelled', polls: 0, next_poll_at: null });
  });

  it('counts carrier errors, keeps the number on the schedule with backoff, and finds its events once the carrier answers', async () => {
    const { company, id, booked } = await bookDhl(1);
    const errorsBefore = await metricValue(svc, 'waybill_carrier_tracking_poll_errors_total', { carrier: 'dhl_express' });
    dhl.inject({ operation: 'track', kind: 'error', status: 503, times: 1000 });
    try {
      const failed = await eventually(async () => {
        const r = (await stack.schedule(company, id))[0];
        return r.last_error && r.polls >= 2 ? r : undefined;
      }, { timeoutMs: 30_000, what: 'failed polls' });
      expect(failed.next_poll_at).not.toBeNull();
      expect(await metricValue(svc, 'waybill_carrier_tracking_poll_errors_total', { carrier: 'dhl_express' })).toBeGreaterThan(errorsBefore);
    } finally {
      dhl.clearFaults();
    }
    dhl.addEvent(booked.consignment_number, { typeCode: 'WC', description: 'With delivery courier', at: new Date() });
    await eventually(() => stack.eventsOf(booked.tracking_numbers[0]).some((e) => e.status === 'OUT_FOR_DELIVERY'), { timeoutMs: 20_000, what: 'the event after the outage' });
    expect((await stack.schedule(company, id))[0].last_error).toBeNull();
    expect(await metricValue(svc, 'waybill_carrier_tracking_polled_total', { carrier: 'dhl_express' })).toBeGreaterThan(0);
    expect(await metricValue(svc, 'waybill_carrier_tracking_poll_events_total', { carrier: 'dhl_express' })).toBeGreaterThan(0);
  });

  it("polls Royal Mail's tracking API where the account has tracking credentials, else Click & Drop's despatch state", async () => {
    const withTracking = stack.api(svc, newCompany());
    await withTracking.post('/carrier-accounts', { carrier: 'royalmail', name: 'RM', credentials: { api_key: RM.apiKey, tracking_client_id: RM.tracking.clientId, tracking_client_secret: RM.tracking.clientSecret } });
    const a = await withTracking.post('/carrier-bookings', { consignment_identifier: newConsignment(), carrier: 'royalmail', request: bookingRequest('Royal Mail Tracked 24') });
    expect(a.status).toBe(201);
    const tracked = a.body.tracking_numbers[0];
    rm.addEvent(tracked, { code: 'EVGPD', name: 'Your item is out for delivery', at: new Date(), category: 'IN TRANSIT', location: 'London DO' });
    await eventually(() => stack.eventsOf(tracked).some((e) => e.carrier_code === 'EVGPD' && e.status === 'OUT_FOR_DELIVERY'), { timeoutMs: 20_000, what: 'the tracking API event' });

    const despatchOnly = stack.api(svc, newCompany());
    await despatchOnly.post('/carrier-accounts', { carrier: 'royalmail', name: 'RM', credentials: { api_key: RM.apiKey } });
    const b = await despatchOnly.post('/carrier-bookings', { consignment_identifier: newConsignment(), carrier: 'royalmail', request: bookingRequest('Royal Mail Tracked 24') });
    const despatched = b.body.tracking_numbers[0];
    rm.despatch(despatched);
    await eventually(() => stack.eventsOf(despatched).some((e) => e.carrier_code === 'CD:DESPATCHED' && e.status === 'IN_TRANSIT'), { timeoutMs: 20_000, what: 'the despatch state' });
  });
});
