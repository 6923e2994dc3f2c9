import { randomBytes } from 'node:crypto';
import { withRoyalMailAndDhl } from '../doubles.test-support';

/** The call log for Royal Mail (API key) and DHL Express (Basic key and secret): their refusals read, their credentials never kept. */
const RM = { apiKey: 'rm-key-calls-0001-secret', oba: true };
const DHL = { apiKey: 'dhl-key-calls', apiSecret: 'dhl-secret-calls-0001', accountNumber: '987654322' };
const company = () => `co-${randomBytes(4).toString('hex')}`;
const consignment = () => randomBytes(16).toString('hex');
const request = (serviceName: string, postcode = 'SW1A 2AA') => ({
  orderNumber: 'ORDER-89', serviceName, options: {},
  origin: { company_name: 'Demo Co', name: 'Dispatch', address1: '1 Warehouse Way', city: 'London', postcode: 'E14 5AB', country: 'GB' },
  destination: { name: 'Jane Smith', address1: '10 Downing Street', city: 'London', postcode, country: 'GB' },
  parcels: [{ weightKg: 2, lengthCm: 30, widthCm: 20, heightCm: 10 }],
  originContact: { phone: '+44 20 7946 0000' }, destinationContact: { phone: '07700 900123' },
});

describe('the carrier call log for Royal Mail and DHL Express', () => {
  let t: Awaited<ReturnType<typeof withRoyalMailAndDhl>>;
  beforeAll(async () => { t = await withRoyalMailAndDhl([RM], [DHL]); });
  afterAll(() => t?.close());

  it("reads Royal Mail's refusal inside its 200 answer as a refusal, and keeps neither key nor label", async () => {
    const api = t.h.api(company());
    await api.post('/carrier-accounts', { carrier: 'royalmail', name: 'RM', credentials: { api_key: RM.apiKey } });
    const refused = consignment();
    expect((await api.post('/carrier-bookings', { consignment_identifier: refused, carrier: 'royalmail', request: request('Royal Mail Tracked 24', 'ZZ9 9ZZ') })).status).toBe(422);
    const booked = consignment();
    expect((await api.post('/carrier-bookings', { consignment_identifier: booked, carrier: 'royalmail', request: request('Royal Mail Tracked 24') })).status).toBe(201);
    const refusal = (await api.get(`/consignment/${refused}/carrier-calls`)).body.results[0];
    expect(refusal).toMatchObject({
      carrier: 'royalmail', operation: 'book', status_code: 200, outcome: 'refused', error_source: 'carrier', carrier_code: '25',
      message: 'The postcode is not valid for the destination country',
    });
    const ok = (await api.get(`/consignment/${booked}/carrier-calls`)).body.results.find((c: any) => c.operation === 'book');
    expect(ok).toMatchObject({ outcome: 'success', error_source: null });
    expect(JSON.stringify(ok.response)).toMatch(/<base64, \d+ kB>/);
    expect(JSON.stringify([refusal, ok])).not.toContain(RM.apiKey);
  });

  it('keeps no DHL key or secret (Basic authentication) in what it recorded', async () => {
    const api = t.h.api(company());
    const account = (await api.post('/carrier-accounts', { carrier: 'dhl_express', name: 'DHL', booking_label_format: 'zpl', credentials: { api_key: DHL.apiKey, api_secret: DHL.apiSecret, account_number: DHL.accountNumber } })).body.identifier;
    const id = consignment();
    expect((await api.post('/carrier-bookings', { consignment_identifier: id, carrier: 'dhl_express', request: request('DHL Express Domestic') })).status).toBe(201);
    expect((await api.post(`/carrier-accounts/${account}/check`, {})).body).toEqual({ ok: true });
    const calls = (await api.get(`/carrier-accounts/${account}/calls`)).body;
    expect(calls.results.map((c: any) => c.operation)).toEqual(expect.arrayContaining(['book', 'account_check']));
    const text = JSON.stringify(calls);
    for (const secret of [DHL.apiSecret, Buffer.from(`${DHL.apiKey}:${DHL.apiSecret}`).toString('base64')]) expect(text).not.toContain(secret);
  });
});
