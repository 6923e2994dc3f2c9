import { DhlExpressDouble, RoyalMailDouble, UpsDouble } from '@waybill/carrier-doubles';
import type { RunningService } from '@waybill/http';
import { FlakyBus } from '@waybill/messaging/src/test-support/flaky-bus';
import { eventually } from '@waybill/testing';
import { bookingRequest, metricValue, newCompany, newConsignment, PollingStack } from './polling.test-support';

/**
 * The polling schedule across restarts and replicas: it lives in the database, one replica polls an
 * account at a time, numbers go to the carrier in its batch size and at the account's pace.
 */
const DHL = { apiKey: 'dhl-key-replicas', apiSecret: 'dhl-secret-replicas', accountNumber: '555666777' };
const RM = { apiKey: 'rm-key-replicas-0001', oba: true, tracking: { clientId: 'rm-track-replicas', clientSecret: 'rm-track-secret-r' } };
const UPS = { clientId: 'ups-app-client-poll', clientSecret: 'ups-app-secret-POLL', accountNumber: 'P0L1N9' };
// DHL paced at 2 calls a second per account, no burst: two calls are at least 500 ms apart.
const PACE_MS = 500;

describe('tracking polls across restarts and replicas', () => {
  let stack: PollingStack;
  let dhl: DhlExpressDouble;
  let rm: RoyalMailDouble;
  let ups: UpsDouble;
  const trackCalls: number[] = [];
  beforeAll(async () => {
    dhl = new DhlExpressDouble([DHL]);
    rm = new RoyalMailDouble([RM]);
    ups = new UpsDouble({ clients: [UPS] });
    await Promise.all([dhl.start(), rm.start(), ups.start()]);
    const push = dhl.requests.push.bind(dhl.requests);
    dhl.requests.push = (...r: string[]) => {
      if (r.some((x) => x.startsWith('track '))) trackCalls.push(Date.now());
      return push(...r);
    };
    stack = await PollingStack.start({
      CARRIER_BASE_URL_DHL_EXPRESS: dhl.url, CARRIER_BASE_URL_ROYALMAIL: rm.url, CARRIER_BASE_URL_UPS: ups.url,
      CARRIER_TIMEOUT_MS: '3000', CARRIER_RATE_LIMIT_DHL_EXPRESS: '2/1',
    });
  });
  afterAll(async () => {
    await stack?.close();
    await Promise.all([dhl?.stop(), rm?.stop(), ups?.stop()]);
  });
  afterEach(() => expect([...dhl.violations, ...rm.violations, ...ups.violations]).toEqual([]));

  it('keeps the schedule across a restart, and polls due numbers in batches of 10 at the account pace', async () => {
    // A replica that only ever looks once, at its start: it books and is stopped before anything is due.
    const first = await stack.replica({ TRACKING_POLL_TICK_MS: '600000' });
    const company = newCompany();
    const api = stack.api(first, company);
    await api.post('/carrier-accounts', { carrier: 'dhl_express', name: 'DHL', credentials: { api_key: DHL.apiKey, api_secret: DHL.apiSecret, account_number: DHL.accountNumber } });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const id = newConsignment();
      expect((await api.post('/carrier-bookings', { consignment_identifier: id, carrier: 'dhl_express', request: bookingRequest('DHL Express Domestic', 3) })).status).toBe(201);
      ids.push(id);
    }
    await stack.stop(first);
    const rows = (await Promise.all(ids.map((id) => stack.schedule(company, id)))).flat();
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => r.polls === 0)).toBe(true);
    const due = Math.max(...rows.map((r) => new Date(r.next_poll_at!).getTime()));
    await eventually(() => Date.now() > due, { what: 'every number to be due' });

    const callsBefore = trackCalls.length;
    const second = await stack.replica();
    try {
      await eventually(async () => (await Promise.all(ids.map((id) => stack.schedule(company, id)))).flat().every((r) => r.polls >= 1), { timeoutMs: 20_000, what: 'the first round after the restart' });
      const round = trackCalls.slice(callsBefore);
      expect(round).toHaveLength(2); // 12 numbers: one call of 10, one of 2
      // Measured where the double receives them: network jitter may shorten the gap a little, never to an unpaced few milliseconds.
      expect(round[1] - round[0]).toBeGreaterThanOrEqual(PACE_MS - 100);
    } finally {
      await stack.stop(second);
    }
  });

  it('keeps what it polls while the broker is down, and delivers it once the broker is back', async () => {
    const broker = new FlakyBus(stack.bus);
    const svc = await stack.replica({}, { bus: broker });
    try {
      const company = newCompany();
      const api = stack.api(svc, company);
      await api.post('/carrier-accounts', { carrier: 'dhl_express', name: 'DHL', credentials: { api_key: DHL.apiKey, api_secret: DHL.apiSecret, account_number: DHL.accountNumber } });
      const id = newConsignment();
      const booked = (await api.post('/carrier-bookings', { consignment_identifier: id, carrier: 'dhl_express', request: bookingRequest('DHL Express Domestic') })).body;
      const [piece] = booked.tracking_numbers as string[];
      broker.disconnected = true;
      dhl.addEvent(booked.consignment_number, { typeCode: 'AF', description: 'Arrived at DHL Sort Facility', at: new Date(), location: 'EAST MIDLANDS - UK' });
      const pending = () => stack.db.db.selectFrom('outbox').select(['id', 'payload']).where('published_at', 'is', null).where('type', '=', 'carrier_link.tracking.polled').execute();
      await eventually(async () => (await pending()).some((r) => JSON.stringify(r.payload).includes(piece)), { timeoutMs: 20_000, what: 'the poll to be recorded while the broker is down' });
      expect(stack.eventsOf(piece)).toEqual([]);
      broker.disconnected = false;
      await eventually(() => stack.eventsOf(piece).some((e) => e.carrier_code === 'AF'), { timeoutMs: 20_000, what: 'the events once the broker is back' });
      await eventually(async () => !(await pending()).some((r) => JSON.stringify(r.payload).includes(piece)), { what: 'the outbox to be drained' });
    } finally {
      await stack.stop(svc);
    }
  });

  it("polls numbers claimed by a replica that died once its lease has run out", async () => {
    const replica = await stack.replica({ TRACKING_POLL_TICK_MS: '600000' });
    const company = newCompany();
    const api = stack.api(replica, company);
    await api.post('/carrier-accounts', { carrier: 'royalmail', name: 'RM', credentials: { api_key: RM.apiKey, tracking_client_id: RM.tracking.clientId, tracking_client_secret: RM.tracking.clientSecret } });
    const id = newConsignment();
    const booked = await api.post('/carrier-bookings', { consignment_identifier: id, carrier: 'royalmail', request: bookingRequest('Royal Mail Tracked 48') });
    await stack.stop(replica);
    const [row] = await stack.schedule(company, id);
    // What a replica leaves behind when it dies mid-round: the account's lease and the number's claim, 2 s ahead.
    const until = new Date(Date.now() + 2000).toISOString();
    await stack.db.db.insertInto('tracking_poll_leases').values({ account_id: row.account_id, holder: 'a-replica-that-died', until }).execute();
    await stack.db.db.updateTable('tracking_polls').set({ next_poll_at: until }).where('tracking_number', '=', row.tracking_number).execute();
    rm.addEvent(booked.body.tracking_numbers[0], { code: 'EVKSP', name: 'Delivered and signed for', at: new Date(), category: 'DELIVERED' });
    const survivor = await stack.replica();
    try {
      const stopped = await eventually(async () => ((await stack.schedule(company, id))[0].stopped_reason ? (await stack.schedule(company, id))[0] : undefined), { timeoutMs: 20_000, what: 'the abandoned number to be polled' });
      expect(stopped).toMatchObject({ stopped_reason: 'delivered', polls: 1 });
      expect(new Date(stopped.last_polled_at!).getTime()).toBeGreaterThanOrEqual(new Date(until).getTime());
    } finally {
      await stack.stop(survivor);
    }
  });

  it('polls each due number once whichever of two replicas takes it', async () => {
    const a = await stack.replica();
    const b = await stack.replica();
    const company = newCompany();
    const api = stack.api(a, company);
    await api.post('/carrier-accounts', { carrier: 'royalmail', name: 'RM', credentials: { api_key: RM.apiKey, tracking_client_id: RM.tracking.clientId, tracking_client_secret: RM.tracking.clientSecret } });
    const before = await metricValue(a, 'waybill_carrier_tracking_polled_total', { carrier: 'royalmail' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const id = newConsignment();
      expect((await api.post('/carrier-bookings', { consignment_identifier: id, carrier: 'royalmail', request: bookingRequest('Royal Mail Tracked 24', 2) })).status).toBe(201);
      ids.push(id);
    }
    const schedule = async () => (await Promise.all(ids.map((id) => stack.schedule(company, id)))).flat();
    await eventually(async () => (await schedule()).every((r) => r.polls >= 3), { timeoutMs: 30_000, what: 'three polls of every number' });
    await stack.stop(a);
    await stack.stop(b);
    // Both replicas count into this process's metrics: every number asked of Royal Mail is one recorded poll.
    const polls = (await schedule()).reduce((n, r) => n + r.polls, 0);
    const probe = await stack.replica({ TRACKING_POLL_TICK_MS: '600000' });
    try {
      expect(await metricValue(probe, 'waybill_carrier_tracking_polled_total', { carrier: 'royalmail' }) - before).toBe(polls);
    } finally {
      await stack.stop(probe);
    }
  });

  it('polls the UPS numbers Track Alert refused to subscribe, and not those it subscribed', async () => {
    const svc: RunningService = await stack.replica();
    try {
      const company = newCompany();
      const api = stack.api(svc, company);
      await api.post('/carrier-accounts', { carrier: 'ups', name: 'UPS', credentials: { client_id: UPS.clientId, client_secret: UPS.clientSecret, account_number: UPS.accountNumber } });
      ups.inject({ operation: 'subscribe', kind: 'slow', delayMs: 1500, times: 1 });
      const id = newConsignment();
      const booked = await api.post('/carrier-bookings', { consignment_identifier: id, carrier: 'ups', request: { ...bookingRequest('UPS Standard', 2) } });
      expect(booked.status).toBe(201);
      const [subscribed, refused] = booked.body.tracking_numbers as string[];
      // While the subscription request is on its way, UPS forgets the second package: Track Alert refuses it.
      const history = ups.state.activity.get(refused)!;
      ups.state.activity.delete(refused);
      await eventually(async () => !!(await stack.db.db.selectFrom('bookings').select('subscribed_at').where('consignment_identifier', '=', id).executeTakeFirst())?.subscribed_at, { timeoutMs: 20_000, what: 'the subscription' });
      ups.state.activity.set(refused, history);
      ups.addActivity(refused, { type: 'I', code: 'OR', description: 'Origin Scan', at: new Date(), city: 'LONDON', country: 'GB' });
      await eventually(() => stack.eventsOf(refused).some((e) => e.carrier_code === 'I:OR' && e.status === 'IN_TRANSIT'), { timeoutMs: 20_000, what: 'the refused number to be polled' });
      // The subscribed number is polled only once its 14-day subscription has lapsed.
      const rows = new Map((await stack.schedule(company, id)).map((r) => [r.tracking_number, r]));
      expect(rows.get(refused)!.polls).toBeGreaterThanOrEqual(1);
      expect(rows.get(subscribed)!.polls).toBe(0);
      expect(new Date(rows.get(subscribed)!.next_poll_at!).getTime()).toBeGreaterThan(Date.now() + 13.9 * 24 * 3_600_000);
      expect(stack.eventsOf(subscribed)).toEqual([]);
    } finally {
      await stack.stop(svc);
    }
  });

  it("serves UPS's delivery signature of a delivered package as proof of delivery, converted to PNG", async () => {
    const svc = await stack.replica();
    try {
      const api = stack.api(svc, newCompany());
      await api.post('/carrier-accounts', { carrier: 'ups', name: 'UPS', credentials: { client_id: UPS.clientId, client_secret: UPS.clientSecret, account_number: UPS.accountNumber } });
      const id = newConsignment();
      const booked = await api.post('/carrier-bookings', { consignment_identifier: id, carrier: 'ups', request: bookingRequest('UPS Standard') });
      const [n] = booked.body.tracking_numbers as string[];
      expect((await api.get(`/carrier-bookings/${id}/proof-of-delivery?tracking_number=${n}`)).body).toEqual({ documents: [] });
      ups.addActivity(n, { type: 'D', code: 'KB', description: 'Delivered', at: new Date(), city: 'LONDON', country: 'GB' });
      const pod = await api.get(`/carrier-bookings/${id}/proof-of-delivery?tracking_number=${n}`);
      expect(pod.status).toBe(200);
      expect(pod.body.documents).toEqual([expect.objectContaining({ file_type: 'image/png', proof_of_delivery_type: 'signature' })]);
      expect(Buffer.from(pod.body.documents[0].content, 'base64').subarray(1, 4).toString()).toBe('PNG');
      ups.inject({ operation: 'track', kind: 'error', status: 503, times: 10 });
      try {
        expect((await api.get(`/carrier-bookings/${id}/proof-of-delivery?tracking_number=${n}`)).status).toBe(503);
      } finally {
        ups.clearFaults();
      }
    } finally {
      await stack.stop(svc);
    }
  });
});
