import { client } from './support/client';
import { availableModes, type Stack } from './support/stack';
import { OTHER, stackWithTwoCompanies } from './support/tenants';

/** A weekday some days ahead (the sandbox carriers refuse Sundays), and a Sunday. */
function day(daysAhead: number, sunday = false): string {
  const d = new Date(Date.now() + daysAhead * 86_400_000);
  if (sunday) d.setUTCDate(d.getUTCDate() + ((7 - d.getUTCDay()) % 7));
  else if (d.getUTCDay() === 0) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

describe.each(availableModes())('collections (%s)', (mode) => {
  let stack: Stack;
  let cleanup: () => void;
  let api: ReturnType<typeof client>;
  let other: ReturnType<typeof client>;
  let london: string;
  const body = (o: Record<string, unknown> = {}) => ({
    carrier_id: 'swiftpost', warehouse_id: london, date: day(10), ready_time: '12:00', close_time: '17:30', parcels: 4, weight_kg: 18.5, ...o,
  });
  beforeAll(async () => {
    ({ stack, cleanup } = await stackWithTwoCompanies(mode, {}));
    api = client(stack);
    other = client({ ...stack, creds: OTHER });
    london = ((await api.get('/warehouses')).body as Array<{ identifier: string; name: string }>).find((w) => w.name === 'London DC')!.identifier;
  });
  afterAll(async () => {
    await stack?.stop();
    cleanup?.();
  });

  it('books a collection with the carrier, lists it by warehouse and day, reads it, cancels it, and cancelling again is a 200', async () => {
    const carriers = (await api.get('/carriers')).body as Array<{ identifier: string; capabilities: string[] }>;
    expect(carriers.filter((c) => c.capabilities.includes('collections')).map((c) => c.identifier).sort()).toEqual(['globex', 'swiftpost']);
    const booked = await api.post('/collections', body());
    expect(booked.status).toBe(201);
    expect(booked.body).toEqual({
      ...body(), identifier: expect.stringMatching(/^[0-9a-f]{32}$/), carrier_reference: expect.stringMatching(/^SWIP\d{10}$/), status: 'booked',
      consignment_ids: [], created_at: expect.any(String), cancelled_at: null,
    });
    const later = (await api.post('/collections', body({ carrier_id: 'globex', date: day(12) }))).body;
    const listed = await api.get(`/collections?warehouse_id=${encodeURIComponent(london)}&date=${day(10)}`);
    expect(listed.body).toEqual({ count: 1, next: null, results: [booked.body] });
    expect((await api.get('/collections')).body.results.map((c: { identifier: string }) => c.identifier)).toEqual([booked.body.identifier, later.identifier]);
    expect((await api.get(`/collections/${booked.body.identifier}`)).body).toEqual(booked.body);
    const cancelled = await api.del(`/collections/${booked.body.identifier}`);
    expect([cancelled.status, cancelled.body.status, typeof cancelled.body.cancelled_at]).toEqual([200, 'cancelled', 'string']);
    const again = await api.del(`/collections/${booked.body.identifier}`);
    expect([again.status, again.body]).toEqual([200, cancelled.body]);
    const audit = (await api.get('/audit-log')).body.results as Array<{ action: string; target: string }>;
    expect(audit.filter((e) => e.action.startsWith('collection.')).map((e) => [e.action, e.target])).toEqual(expect.arrayContaining([
      ['collection.booked', booked.body.identifier], ['collection.cancelled', booked.body.identifier],
    ]));
  });

  it("answers the carrier's refusal with a 409 carrying its reason, and books nothing", async () => {
    const before = (await api.get('/collections')).body.count;
    const res = await api.post('/collections', body({ date: day(10, true) }));
    expect([res.status, res.body.detail]).toEqual([409, `SwiftPost: SwiftPost does not collect on Sundays (${day(10, true)})`]);
    expect((await api.get('/collections')).body.count).toBe(before);
  });

  it.each([
    [{ date: '2021-03-01' }, 'date'],
    [{ ready_time: '15:00', close_time: '14:00' }, 'close_time'],
    [{ warehouse_id: 'nowhere' }, 'warehouse_id'],
    [{ carrier_id: 'no-such-carrier' }, 'carrier_id'],
    [{ carrier_id: 'generic' }, 'carrier_id'],
    [{ parcels: 'four' }, 'parcels'],
  ])('refuses %j with a 400 naming %s', async (change, field) => {
    const res = await api.post('/collections', body(change));
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(new RegExp(`^${field}: `));
  });

  it("never shows one company's collections to another", async () => {
    const mine = (await api.post('/collections', body({ date: day(11) }))).body;
    expect((await other.get(`/collections/${mine.identifier}`)).status).toBe(404);
    expect((await other.del(`/collections/${mine.identifier}`)).status).toBe(404);
    expect((await other.get('/collections')).body.results).toEqual([]);
    expect((await other.get(`/_api/v1/company/${stack.creds.company}/collections`)).status).toBe(403);
    expect((await api.get(`/collections/${mine.identifier}`)).body.status).toBe('booked');
  });
});
