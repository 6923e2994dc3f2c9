import { randomBytes } from 'node:crypto';
import type { UpsDouble } from '@waybill/carrier-doubles';
import { withUps } from '../doubles.test-support';

const UPS = { clientId: 'ups-rate-client-0001', clientSecret: 'ups-rate-secret-ABCD', accountNumber: 'R4T3S1' };
const company = () => `co-${randomBytes(4).toString('hex')}`;
const question = (postcode = 'SW1A 2AA', services = ['UPS Standard', 'UPS Express']) => ({
  carrier: 'ups',
  request: {
    origin: { country: 'GB', postcode: 'E14 5AB', city: 'London', address1: '1 Warehouse Way' },
    destination: { country: 'DE', postcode, city: 'Berlin' },
    parcels: [{ weight_kg: 2, length_cm: 30, width_cm: 20, height_cm: 10 }, { weight_kg: 1 }],
    services,
  },
});

describe('live rates through carrier-link (POST /carrier-rates) against the UPS double', () => {
  let stack: Awaited<ReturnType<typeof withUps>>;
  let double: UpsDouble;
  beforeAll(async () => {
    stack = await withUps(UPS);
    double = stack.ups;
  });
  afterAll(() => stack?.close());
  afterEach(() => {
    double.clearFaults();
    expect(double.violations).toEqual([]);
  });
  const withAccount = () => stack.account(company());
  const h = { api: (c: string) => stack.h.api(c) };

  it('answers the negotiated UPS prices of the services asked, from a request the double found valid', async () => {
    const api = await withAccount();
    const res = await api.post('/carrier-rates', question());
    expect(res.status).toBe(200);
    expect(res.body.rated).toBe(true);
    expect(res.body.rates.map((r: { service: string }) => r.service).sort()).toEqual(['UPS Express', 'UPS Standard']);
    for (const r of res.body.rates) expect(r).toEqual({ service: expect.any(String), amount: expect.stringMatching(/^\d+\.\d{2}$/), currency: 'GBP' });
    expect(double.lastBodies.get('rate')).toMatchObject({ RateRequest: { Request: { RequestOption: 'Shop' }, Shipment: { Shipper: { ShipperNumber: UPS.accountNumber }, NumOfPieces: '2' } } });
  });

  it('says why it cannot rate: no account, UPS refusing the address', async () => {
    const none = await h.api(company()).post('/carrier-rates', question());
    expect(none.body).toEqual({ rated: false, reason: 'no_account', detail: 'UPS: this company has no enabled UPS account' });
    const api = await withAccount();
    const refused = await api.post('/carrier-rates', question('ZZ9 9ZZ'));
    expect(refused.body).toMatchObject({ rated: false, reason: 'refused', detail: expect.stringMatching(/^UPS 111285: /) });
  });

  it('refuses a malformed question with a 400 naming the fields', async () => {
    const api = await withAccount();
    const res = await api.post('/carrier-rates', { carrier: 'ups', request: { origin: { country: 'GBR' }, destination: {}, parcels: [{}], services: [] } });
    expect(res.status).toBe(400);
    expect(res.body.detail).toEqual(expect.any(String));
    expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(['request.origin.country', 'request.destination.country', 'request.parcels.0.weight_kg', 'request.services']));
  });

  it('a failing UPS is an error the caller sees, not a price', async () => {
    const api = await withAccount();
    double.inject({ operation: 'rate', kind: 'error', status: 503, times: 10 });
    const res = await api.post('/carrier-rates', question());
    expect(res.status).toBeGreaterThanOrEqual(500);
  });
});
