import { randomBytes } from 'node:crypto';
import { withRoyalMailAndDhl } from '../doubles.test-support';

/** Royal Mail and DHL Express accounts through the one owner of credentials, each against its double. */
const RM = { apiKey: 'rm-click-and-drop-key-0001', oba: true };
const DHL = { apiKey: 'dhl-app-key-0001', apiSecret: 'dhl-app-secret-WXYZ', accountNumber: '123456789' };
const company = () => `co-${randomBytes(4).toString('hex')}`;

describe('Royal Mail and DHL Express carrier accounts', () => {
  let t: Awaited<ReturnType<typeof withRoyalMailAndDhl>>;
  beforeAll(async () => { t = await withRoyalMailAndDhl([RM], [DHL]); });
  afterAll(() => t?.close());

  it("lists Royal Mail's and DHL Express's credential keys for the console's form", async () => {
    const res = await t.h.api(company()).get('/carrier-accounts/credential-keys');
    const keys = (carrier: string) => res.body.find((c: { carrier: string }) => c.carrier === carrier);
    expect(keys('royalmail')).toMatchObject({ name: 'Royal Mail', booking_label_formats: ['pdf'], keys: [{ name: 'api_key', required: true, secret: true }, { name: 'tracking_client_id', required: false }, { name: 'tracking_client_secret', required: false, secret: true }] });
    expect(keys('dhl_express')).toMatchObject({ name: 'DHL Express', booking_label_formats: ['pdf', 'zpl'], keys: [{ name: 'api_key' }, { name: 'api_secret', secret: true }, { name: 'account_number' }] });
  });

  it('adds a Royal Mail account (tracking keys optional, PDF labels only) and checks it: ok, then not ok with a rotated key', async () => {
    const api = t.h.api(company());
    const created = await api.post('/carrier-accounts', { carrier: 'royalmail', name: 'Royal Mail OBA', test_mode: false, credentials: { api_key: RM.apiKey } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ carrier: 'royalmail', booking_label_format: 'pdf', credentials: { api_key: '****0001' } });
    expect(created.body.webhook_credentials).toBeUndefined();
    const id = created.body.identifier;
    expect((await api.post(`/carrier-accounts/${id}/check`)).body).toEqual({ ok: true });
    await api.patch(`/carrier-accounts/${id}`, { credentials: { api_key: 'rm-rotated-key-9999' } });
    expect((await api.post(`/carrier-accounts/${id}/check`)).body).toEqual({ ok: false, detail: 'Royal Mail Unauthorized: Authorization has been denied for this request.' });
    const zpl = await t.h.api(company()).post('/carrier-accounts', { carrier: 'royalmail', name: 'RM', booking_label_format: 'zpl', credentials: { api_key: RM.apiKey } });
    expect(zpl.status).toBe(400);
    expect(JSON.stringify(zpl.body)).toMatch(/booking_label_format/);
  });

  it('adds a DHL Express account and checks it; a missing key is a 400 naming it', async () => {
    const api = t.h.api(company());
    const missing = await api.post('/carrier-accounts', { carrier: 'dhl_express', name: 'DHL', credentials: { api_key: DHL.apiKey, api_secret: DHL.apiSecret } });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toMatch(/credentials\.account_number/);
    const created = await api.post('/carrier-accounts', {
      carrier: 'dhl_express', name: 'DHL Express', test_mode: true, booking_label_format: 'zpl',
      credentials: { api_key: DHL.apiKey, api_secret: DHL.apiSecret, account_number: DHL.accountNumber },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ booking_label_format: 'zpl', credentials: { api_key: '****0001', api_secret: '****WXYZ', account_number: '****6789' } });
    expect((await api.post(`/carrier-accounts/${created.body.identifier}/check`)).body).toEqual({ ok: true });
    await api.patch(`/carrier-accounts/${created.body.identifier}`, { credentials: { api_secret: 'wrong-secret' } });
    expect((await api.post(`/carrier-accounts/${created.body.identifier}/check`)).body).toEqual({ ok: false, detail: 'DHL Express 401: Invalid Credentials' });
    expect(t.rm.violations.concat(t.dhl.violations)).toEqual([]);
  });
});
