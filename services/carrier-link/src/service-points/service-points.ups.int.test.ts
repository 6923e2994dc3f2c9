import { randomBytes } from 'node:crypto';
import { withUps } from '../doubles.test-support';

/** UPS Access Points through a UPS account, against the UPS double's Locator API (docs/carriers/ups.md). */
const UPS = { clientId: 'ups-locator-client-0001', clientSecret: 'ups-locator-secret-ABCD', accountNumber: 'L0C4T0' };
const company = () => `co-${randomBytes(4).toString('hex')}`;

describe('UPS Access Points through carrier-link', () => {
  let t: Awaited<ReturnType<typeof withUps>>;
  beforeAll(async () => { t = await withUps(UPS); });
  afterAll(() => t?.close());
  afterEach(() => expect(t.ups.violations).toEqual([]));

  it("lists UPS's Access Points nearest first with their public ids, kinds and hours, then answers from the cache", async () => {
    const api = await t.account(company());
    const path = '/service-points?country=GB&latitude=51.5&longitude=-0.12&carrier=ups&limit=4';
    const first = await api.get(path);
    expect(first.status).toBe(200);
    const points = first.body.results as Array<Record<string, any>>;
    expect(points.map((p) => [p.type, p.distance_m])).toEqual([['shop', 300], ['locker', 800], ['shop', 1200], ['shop', 1700]]);
    expect(points[0]).toMatchObject({
      id: expect.stringMatching(/^ups:U\d{10}$/), carrier_id: 'ups', name: 'Corner Shop 1',
      address: { address1: '10 High Street', city: 'Sometown', country: 'GB' },
      opening_hours: [
        { day: 'mon', open: '09:00', close: '18:00' }, { day: 'tue', open: '09:00', close: '18:00' }, { day: 'wed', open: '09:00', close: '18:00' },
        { day: 'thu', open: '09:00', close: '18:00' }, { day: 'fri', open: '09:00', close: '18:00' }, { day: 'sat', open: '09:30', close: '17:00' },
      ],
    });
    expect(points[1].opening_hours).toHaveLength(7);
    const calls = t.ups.requests.filter((r) => r.startsWith('locator ')).length;
    const again = await api.get(path);
    expect([again.headers['cache-status'], again.body]).toEqual(['waybill; hit', first.body]);
    expect(t.ups.requests.filter((r) => r.startsWith('locator ')).length).toBe(calls);
  });

  it("answers UPS's outage as a 409 when UPS is the carrier asked, and leaves UPS out when every carrier is", async () => {
    const api = await t.account(company());
    t.ups.inject({ operation: 'locator', kind: 'error', status: 503, times: 10 });
    try {
      const named = await api.get('/service-points?country=GB&postcode=N1%209GU&carrier=ups');
      expect(named.status).toBe(409);
      const all = await api.get('/service-points?country=GB&postcode=N1%209GU');
      expect([all.status, all.body.results.some((p: { carrier_id: string }) => p.carrier_id === 'ups')]).toEqual([200, false]);
    } finally {
      t.ups.clearFaults();
    }
  });
});
