import { randomBytes } from 'node:crypto';
import { CarrierLinkHarness } from '../test-support';
import type { CollectionWarehouse } from './warehouse.peer';

/** Collections through carrier-link with the sandbox carriers: booked, listed, read, cancelled; refusals and bad input. */
const company = () => `co-${randomBytes(4).toString('hex')}`;
const LONDON: CollectionWarehouse = {
  identifier: 'London DC', timezone: 'Europe/London',
  address: { company_name: 'Demo Co', address1: '1 Warehouse Way', city: 'London', postcode: 'E14 5AB', country: 'GB' },
};
/** A weekday some weeks ahead (the sandbox carriers refuse Sundays). */
function weekday(daysAhead = 14): string {
  const d = new Date(Date.now() + daysAhead * 86_400_000);
  if (d.getUTCDay() === 0) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
function sunday(): string {
  const d = new Date(Date.now() + 14 * 86_400_000);
  d.setUTCDate(d.getUTCDate() + ((7 - d.getUTCDay()) % 7));
  return d.toISOString().slice(0, 10);
}
const body = (o: Record<string, unknown> = {}) => ({
  carrier_id: 'swiftpost', warehouse_id: 'London DC', date: weekday(), ready_time: '12:00', close_time: '17:30', parcels: 3, weight_kg: 12.5, ...o,
});

describe('collections through carrier-link', () => {
  let h: CarrierLinkHarness;
  beforeAll(async () => { h = await CarrierLinkHarness.start({}, { warehouses: { list: async () => [LONDON] } }); });
  afterAll(async () => h?.close());

  it('books, lists, reads and cancels a collection (cancelling again answers 200)', async () => {
    const api = h.api(company());
    const res = await api.post('/collections', body({ consignment_ids: ['a'.repeat(32)] }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...body(), carrier_id: 'swiftpost', status: 'booked', consignment_ids: ['a'.repeat(32)], cancelled_at: null });
    expect(res.body.identifier).toMatch(/^[0-9a-f]{32}$/);
    expect(res.body.carrier_reference).toMatch(/^SWIP\d{10}$/);
    const other = (await api.post('/collections', body({ carrier_id: 'globex', date: weekday(21) }))).body;
    expect((await api.get('/collections')).body).toMatchObject({ count: 2, next: null, results: [{ identifier: res.body.identifier }, { identifier: other.identifier }] });
    expect((await api.get(`/collections?date=${weekday(21)}&warehouse_id=London%20DC`)).body.results.map((c: any) => c.identifier)).toEqual([other.identifier]);
    const page = (await api.get('/collections?limit=1')).body;
    expect([page.count, page.results.length, page.next]).toEqual([2, 1, expect.stringContaining(`offset=${res.body.identifier}`)]);
    expect((await api.get(`/collections/${res.body.identifier}`)).body).toEqual(res.body);
    const cancelled = await api.delete(`/collections/${res.body.identifier}`);
    expect([cancelled.status, cancelled.body.status]).toEqual([200, 'cancelled']);
    const again = await api.delete(`/collections/${res.body.identifier}`);
    expect([again.status, again.body]).toEqual([200, cancelled.body]);
    expect((await h.api(company()).get(`/collections/${res.body.identifier}`)).status).toBe(404);
  });

  it("answers a carrier's refusal with a 409 carrying its reason", async () => {
    const api = h.api(company());
    const sun = await api.post('/collections', body({ date: sunday() }));
    expect([sun.status, sun.body.detail]).toEqual([409, `SwiftPost: SwiftPost does not collect on Sundays (${sunday()})`]);
    const short = await api.post('/collections', body({ ready_time: '16:00', close_time: '17:00' }));
    expect([short.status, short.body.detail]).toEqual([409, 'SwiftPost: SwiftPost needs a collection window of at least 2 hours; 16:00-17:00 is 60 minutes']);
    expect((await api.get('/collections')).body.count).toBe(0);
  });

  it.each([
    [{ date: '2020-01-02' }, 'date'],
    [{ date: '2030-02-30' }, 'date'],
    [{ ready_time: '17:00', close_time: '09:00' }, 'close_time'],
    [{ warehouse_id: 'Nowhere' }, 'warehouse_id'],
    [{ carrier_id: 'acme-post' }, 'carrier_id'],
    [{ carrier_id: 'generic' }, 'carrier_id'],
    [{ carrier_id: 'ups' }, 'carrier_id'],
    [{ parcels: 0 }, 'parcels'],
    [{ colour: 'blue' }, 'colour'],
    [{ consignment_ids: ['a\u0000b'] }, 'consignment_ids.0'],
    [{ warehouse_id: 'x'.repeat(201) }, 'warehouse_id'],
  ])('refuses %j with a 400 naming %s', async (change, field) => {
    const res = await h.api(company()).post('/collections', body(change));
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(new RegExp(`^${field}: `));
  });
});
