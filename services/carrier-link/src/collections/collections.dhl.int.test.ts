import { randomBytes } from 'node:crypto';
import { withRoyalMailAndDhl } from '../doubles.test-support';

/** Collections with DHL Express through an account, against the DHL Express double's pickups (docs/carriers/dhl-express.md). */
const DHL = { apiKey: 'dhl-pickup-key-0001', apiSecret: 'dhl-pickup-secret', accountNumber: '955555555' };
const company = () => `co-${randomBytes(4).toString('hex')}`;
const WAREHOUSE = {
  identifier: 'Berlin DC', timezone: 'Europe/Berlin',
  address: { company_name: 'Demo GmbH', name: 'Lager', address1: 'Lagerstrasse 1', city: 'Berlin', postcode: '10115', country: 'DE' },
};
function day(sunday: boolean): string {
  const d = new Date(Date.now() + 3 * 86_400_000);
  if (sunday) d.setUTCDate(d.getUTCDate() + ((7 - d.getUTCDay()) % 7));
  else if (d.getUTCDay() === 0) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const body = (o: Record<string, unknown> = {}) => ({ carrier_id: 'dhl_express', warehouse_id: 'Berlin DC', date: day(false), ready_time: '10:00', close_time: '16:00', parcels: 2, ...o });

describe('DHL Express collections through carrier-link', () => {
  let t: Awaited<ReturnType<typeof withRoyalMailAndDhl>>;
  beforeAll(async () => {
    t = await withRoyalMailAndDhl([], [DHL], {}, { warehouses: { list: async () => [WAREHOUSE], contact: async () => ({ phone: '+49 30 1234567' }) } });
  });
  afterAll(() => t?.close());
  afterEach(() => expect(t.dhl.violations).toEqual([]));

  it('books a courier pickup answering its dispatch confirmation number, cancels it, and a refusal is a 409 with DHL\'s reason', async () => {
    const api = t.h.api(company());
    const account = await api.post('/carrier-accounts', { carrier: 'dhl_express', name: 'DHL', credentials: { api_key: DHL.apiKey, api_secret: DHL.apiSecret, account_number: DHL.accountNumber } });
    expect(account.status).toBe(201);
    const booked = await api.post('/collections', body());
    expect([booked.status, booked.body.carrier_reference]).toEqual([201, expect.stringMatching(/^CBJ\d+$/)]);
    expect(t.dhl.state.pickups.get(booked.body.carrier_reference)).toEqual({ cancelled: false });
    const cancelled = await api.delete(`/collections/${booked.body.identifier}`);
    expect([cancelled.status, cancelled.body.status, t.dhl.state.pickups.get(booked.body.carrier_reference)]).toEqual([200, 'cancelled', { cancelled: true }]);
    const sunday = await api.post('/collections', body({ date: day(true) }));
    expect(sunday.status).toBe(409);
    expect(sunday.body.detail).toContain('1001: Pickup is not available on the requested date');
  });
});
