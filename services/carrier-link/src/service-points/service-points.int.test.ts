import { randomBytes } from 'node:crypto';
import { CarrierLinkHarness } from '../test-support';

/** Service points through carrier-link with the sandbox carriers' locators: nearest first, with hours, cached. */
const company = () => `co-${randomBytes(4).toString('hex')}`;

describe('service points through carrier-link', () => {
  let h: CarrierLinkHarness;
  beforeAll(async () => { h = await CarrierLinkHarness.start({}); });
  afterAll(async () => h?.close());

  it("merges every carrier's points nearest first, each with its id, type, place and opening hours", async () => {
    const res = await h.api(company()).get('/service-points?country=GB&postcode=SW1A%201AA&limit=8');
    expect(res.status).toBe(200);
    const points = res.body.results as Array<Record<string, any>>;
    expect(points).toHaveLength(8);
    const distances = points.map((p) => p.distance_m);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(new Set(points.map((p) => p.carrier_id))).toEqual(new Set(['swiftpost', 'parcelink']));
    for (const p of points) {
      expect(p.id).toMatch(new RegExp(`^${p.carrier_id}:[A-Z]{2}\\d{10}$`));
      expect(['locker', 'shop', 'post_office', 'depot']).toContain(p.type);
      expect(p.address).toMatchObject({ country: 'GB', postcode: 'SW1A 1AA' });
      expect(p.opening_hours[0]).toEqual({ day: 'mon', open: expect.stringMatching(/^\d\d:\d\d$/), close: expect.stringMatching(/^\d\d:\d\d$/) });
    }
  });

  it('answers the second identical search from the cache, the same points', async () => {
    const api = h.api(company());
    const first = await api.get('/service-points?country=GB&latitude=51.5&longitude=-0.12&carrier=swiftpost&limit=3');
    const second = await api.get('/service-points?country=GB&latitude=51.5&longitude=-0.12&carrier=swiftpost&limit=5');
    expect([first.headers['cache-status'], second.headers['cache-status']]).toEqual(['waybill; fwd=miss', 'waybill; hit']);
    expect(second.body.results.slice(0, 3)).toEqual(first.body.results);
    expect(first.body.results.every((p: any) => p.carrier_id === 'swiftpost')).toBe(true);
  });

  it.each([
    ['postcode=SW1A1AA', 'country'],
    ['country=GB', 'postcode'],
    ['country=GBR&postcode=SW1A1AA', 'country'],
    ['country=GB&latitude=51.5', 'longitude'],
    ['country=GB&postcode=SW1A1AA&limit=500', 'limit'],
    ['country=GB&postcode=SW1A1AA&carrier=generic', 'carrier'],
    ['country=GB&postcode=SW1A1AA&carrier=nope', 'carrier'],
  ])('refuses ?%s with a 400 naming %s', async (query, field) => {
    const res = await h.api(company()).get(`/service-points?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(new RegExp(`^${field}: `));
  });
});
