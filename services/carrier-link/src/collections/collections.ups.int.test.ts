import { randomBytes } from 'node:crypto';
import { withUps } from '../doubles.test-support';

/** Collections with UPS through an account, against the UPS double's Pickup API (docs/carriers/ups.md). */
const UPS = { clientId: 'ups-pickup-client-0001', clientSecret: 'ups-pickup-secret-ABCD', accountNumber: 'P1C2K3' };
const company = () => `co-${randomBytes(4).toString('hex')}`;
const WAREHOUSE = {
  identifier: 'London DC', timezone: 'Europe/London',
  address: { company_name: 'Demo Co', name: 'Dock Manager', address1: '1 Warehouse Way', city: 'London', postcode: 'E14 5AB', country: 'GB' },
};
function day(sunday: boolean): string {
  const d = new Date(Date.now() + 14 * 86_400_000);
  if (sunday) d.setUTCDate(d.getUTCDate() + ((7 - d.getUTCDay()) % 7));
  else if (d.getUTCDay() === 0) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const body = (o: Record<string, unknown> = {}) => ({ carrier_id: 'ups', warehouse_id: 'London DC', date: day(false), ready_time: '12:00', close_time: '17:00', parcels: 3, weight_kg: 14.2, ...o });

describe('UPS collections through carrier-link', () => {
  let t: Awaited<ReturnType<typeof withUps>>;
  let phone: string | null = '020 7946 0000';
  beforeAll(async () => { t = await withUps(UPS, {}, { warehouses: { list: async () => [WAREHOUSE], contact: async () => ({ phone }) } }); });
  afterAll(() => t?.close());
  afterEach(() => expect(t.ups.violations).toEqual([]));
  const withAccount = () => t.account(company());

  it("books an on-call pickup, answering UPS's PRN, and cancels it by PRN", async () => {
    const api = await withAccount();
    const booked = await api.post('/collections', body());
    expect([booked.status, booked.body.status]).toEqual([201, 'booked']);
    expect(booked.body.carrier_reference).toMatch(/^2929\d{7}$/);
    const atUps = t.ups.state.pickups.get(booked.body.carrier_reference)!;
    expect(atUps).toMatchObject({ accountNumber: UPS.accountNumber, date: day(false).replace(/-/g, ''), ready: '1200', close: '1700', pieces: 3, cancelled: false });
    const cancelled = await api.delete(`/collections/${booked.body.identifier}`);
    expect([cancelled.status, cancelled.body.status, atUps.cancelled]).toEqual([200, 'cancelled', true]);
    expect((await api.delete(`/collections/${booked.body.identifier}`)).status).toBe(200);
  });

  it("answers UPS's refusal with a 409 carrying UPS's code and message", async () => {
    const api = await withAccount();
    const res = await api.post('/collections', body({ date: day(true) }));
    expect([res.status, res.body.detail]).toEqual([409, 'UPS 9510113: Pickup is not available on the requested date (no Sunday service at this address)']);
  });

  it('refuses without the sender phone UPS requires, naming it, before calling UPS', async () => {
    const api = await withAccount();
    phone = null;
    try {
      const before = t.ups.state.pickups.size;
      const res = await api.post('/collections', body());
      expect(res.status).toBe(409);
      expect(res.body.detail).toContain('UPS needs a phone number for the pickup address');
      expect(t.ups.state.pickups.size).toBe(before);
    } finally {
      phone = '020 7946 0000';
    }
  });

  it('answers a 400 on carrier_id for a company without a UPS account', async () => {
    const res = await t.h.api(company()).post('/collections', body());
    expect([res.status, res.body.detail]).toEqual([400, 'carrier_id: UPS: this company has no enabled UPS account']);
  });
});
