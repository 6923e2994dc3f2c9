import { randomBytes } from 'node:crypto';
import { withRoyalMailAndDhl } from '../doubles.test-support';

const DHL = { apiKey: 'dhl-rate-key-0001', apiSecret: 'dhl-rate-secret-WXYZ', accountNumber: '987654321' };
const question = (postcode = '10115', parcels: unknown[] = [{ weight_kg: 2, length_cm: 30, width_cm: 20, height_cm: 10 }, { weight_kg: 1 }]) => ({
  carrier: 'dhl_express',
  request: {
    origin: { country: 'GB', postcode: 'E14 5AB', city: 'London' },
    destination: { country: 'DE', postcode },
    parcels, services: ['DHL Express Worldwide', 'DHL Economy Select'], origin_time_zone: 'Europe/London',
  },
});

describe('live rates through carrier-link (POST /carrier-rates) against the DHL Express double', () => {
  let t: Awaited<ReturnType<typeof withRoyalMailAndDhl>>;
  beforeAll(async () => { t = await withRoyalMailAndDhl([], [DHL]); });
  afterAll(() => t?.close());
  afterEach(() => {
    t.dhl.clearFaults();
    expect(t.dhl.violations).toEqual([]);
  });

  async function withAccount() {
    const api = t.h.api(`co-${randomBytes(4).toString('hex')}`);
    await api.post('/carrier-accounts', { carrier: 'dhl_express', name: 'DHL', test_mode: true, credentials: { api_key: DHL.apiKey, api_secret: DHL.apiSecret, account_number: DHL.accountNumber } });
    return api;
  }

  it('answers the billing-currency prices of the services asked, from a multi-piece request the double found valid', async () => {
    const api = await withAccount();
    const res = await api.post('/carrier-rates', question());
    expect(res.body.rated).toBe(true);
    expect(res.body.rates.map((r: { service: string }) => r.service).sort()).toEqual(['DHL Economy Select', 'DHL Express Worldwide']);
    for (const r of res.body.rates) expect(r.currency).toBe('GBP');
    expect(t.dhl.lastBodies.get('rate')).toMatchObject({
      accounts: [{ typeCode: 'shipper', number: DHL.accountNumber }], unitOfMeasurement: 'metric', isCustomsDeclarable: true,
      // DHL requires a city: the postcode stands in for a checkout that has none; a missing side counts 1 cm.
      customerDetails: { receiverDetails: { postalCode: '10115', cityName: '10115', countryCode: 'DE' } },
      packages: [{ weight: 2, dimensions: { length: 30, width: 20, height: 10 } }, { weight: 1, dimensions: { length: 1, width: 1, height: 1 } }],
    });
  });

  it('passes on DHL refusing the place, and a slow DHL is still waited for here (the caller keeps the budget)', async () => {
    const api = await withAccount();
    expect((await api.post('/carrier-rates', question('ZZ9 9ZZ'))).body).toMatchObject({ rated: false, reason: 'refused', detail: expect.stringMatching(/^DHL Express 422: /) });
    t.dhl.inject({ operation: 'rate', kind: 'slow', delayMs: 300 });
    const started = Date.now();
    expect((await api.post('/carrier-rates', question())).body.rated).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });
});
