import { randomBytes } from 'node:crypto';
import { SchemaId, validate } from '@waybill/contracts';
import { UpsDouble } from '@waybill/carrier-doubles';
import { CarrierLinkHarness } from '../test-support';

const UPS = { clientId: 'ups-app-client-0001', clientSecret: 'ups-app-secret-ABCD', accountNumber: 'A1B2C3' };
const upsBody = (over: Record<string, unknown> = {}) => ({
  carrier: 'ups', name: 'UPS main', test_mode: true,
  credentials: { client_id: UPS.clientId, client_secret: UPS.clientSecret, account_number: UPS.accountNumber }, ...over,
});
const company = () => `co-${randomBytes(4).toString('hex')}`;

describe('carrier accounts (docs/api/carrier-accounts.md)', () => {
  let h: CarrierLinkHarness;
  let double: UpsDouble;
  beforeAll(async () => {
    double = new UpsDouble({ clients: [UPS] });
    await double.start();
    h = await CarrierLinkHarness.start({ CARRIER_BASE_URL_UPS: double.url });
  });
  afterAll(async () => {
    await h?.close();
    await double?.stop();
  });

  it('creates a UPS account: credentials masked, webhook credentials shown in full once; lists, reads, patches, deletes', async () => {
    const api = h.api(company());
    const created = await api.post('/carrier-accounts', upsBody());
    expect(created.status).toBe(201);
    expect(validate(SchemaId.CarrierAccount, created.body)).toEqual({ ok: true });
    expect(created.body).toMatchObject({
      carrier: 'ups', name: 'UPS main', test_mode: true, enabled: true, booking_label_format: 'pdf', last_check: null,
      credentials: { client_id: '****0001', client_secret: '****ABCD', account_number: '****B2C3' },
      webhook_credentials: {
        client_id: expect.stringMatching(/^wbk_/), client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        token_url: 'https://waybill.example.com/ingest/v1/carriers/ups/oauth/token', webhook_url: 'https://waybill.example.com/ingest/v1/carriers/ups/tracking',
      },
    });
    const id = created.body.identifier;
    const secret = created.body.webhook_credentials.client_secret;
    const read = (await api.get(`/carrier-accounts/${id}`)).body;
    expect(read.webhook_credentials.client_secret).toBe(`****${secret.slice(-4)}`);
    expect((await api.get('/carrier-accounts')).body).toEqual([read]);

    const patched = await api.patch(`/carrier-accounts/${id}`, { name: 'UPS EU', credentials: { client_secret: 'rotated-secret-WXYZ' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'UPS EU', credentials: { client_id: '****0001', client_secret: '****WXYZ', account_number: '****B2C3' } });

    expect((await api.delete(`/carrier-accounts/${id}`)).status).toBe(204);
    expect((await api.get(`/carrier-accounts/${id}`)).status).toBe(404);
    expect((await api.get('/carrier-accounts')).body).toEqual([]);
  });

  it('declares every account carrier\'s credential keys to internal callers, as credential-keys does for a company', async () => {
    const declared = await h.internal('/carrier-declarations');
    expect(declared.status).toBe(200);
    expect(declared.body).toEqual((await h.api(company()).get('/carrier-accounts/credential-keys')).body);
    expect(declared.body.map((d: { carrier: string }) => d.carrier)).toEqual(['ups', 'royalmail', 'dhl_express']);
    expect((await h.internal('/carrier-declarations', 'not-a-token')).status).toBe(401);
  });

  it('keeps credentials sealed at rest: no value appears in the row', async () => {
    const res = await h.api(company()).post('/carrier-accounts', upsBody());
    const db = h.db();
    const row = await db.db.selectFrom('carrier_accounts').selectAll().where('id', '=', res.body.identifier).executeTakeFirstOrThrow();
    await db.close();
    const text = JSON.stringify(row);
    for (const value of [UPS.clientId, UPS.clientSecret, UPS.accountNumber, res.body.webhook_credentials.client_secret]) expect(text).not.toContain(value);
    expect(row.credentials_sealed).toMatch(/^v1\./);
  });

  it.each([
    [upsBody({ credentials: { client_id: 'x', client_secret: 'y' } }), 'credentials.account_number: This field is required.'],
    [upsBody({ credentials: { client_id: 'x', client_secret: 'y', account_number: 'z', password: 'p' } }), 'credentials.password: Unknown credential key "password"; expected client_id, client_secret, account_number.'],
    [upsBody({ carrier: 'fedex' }), 'carrier: Unknown carrier "fedex"; expected one of ups, royalmail, dhl_express.'],
    [upsBody({ booking_label_format: 'png' }), 'booking_label_format: "png" is not a valid choice.'],
    [upsBody({ credentials: { client_id: '', client_secret: 'y', account_number: 'z' } }), 'credentials.client_id: Expected a non-empty string.'],
  ])('refuses a bad body with a 400 naming the field (%#)', async (body, detail) => {
    const res = await h.api(company()).post('/carrier-accounts', body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
  });

  it("one account per carrier per company; companies never see each other's accounts", async () => {
    const a = company();
    const created = await h.api(a).post('/carrier-accounts', upsBody());
    expect((await h.api(a).post('/carrier-accounts', upsBody())).status).toBe(409);
    const b = h.api(company());
    expect((await b.get('/carrier-accounts')).body).toEqual([]);
    expect((await b.get(`/carrier-accounts/${created.body.identifier}`)).status).toBe(404);
    expect((await b.patch(`/carrier-accounts/${created.body.identifier}`, { name: 'mine' })).status).toBe(404);
    expect((await b.post(`/carrier-accounts/${created.body.identifier}/check`)).status).toBe(404);
  });

  it("checks the account with one authenticated call to UPS, keeping the answer as last_check", async () => {
    const api = h.api(company());
    const good = (await api.post('/carrier-accounts', upsBody())).body.identifier;
    expect((await api.post(`/carrier-accounts/${good}/check`)).body).toEqual({ ok: true });
    expect((await api.get(`/carrier-accounts/${good}`)).body.last_check).toMatchObject({ ok: true, detail: null });
    const wrongApi = h.api(company());
    const wrong = (await wrongApi.post('/carrier-accounts', upsBody({ credentials: { client_id: UPS.clientId, client_secret: 'wrong-secret', account_number: UPS.accountNumber } }))).body.identifier;
    expect((await wrongApi.post(`/carrier-accounts/${wrong}/check`)).body).toEqual({ ok: false, detail: 'UPS 250002: Invalid Authentication Information.' });
    expect(double.violations).toEqual([]);
  });

  it('rotates the webhook credentials: the old secret is gone, the new one shown once', async () => {
    const api = h.api(company());
    const created = (await api.post('/carrier-accounts', upsBody())).body;
    const rotated = await api.post(`/carrier-accounts/${created.identifier}/rotate-webhook-credentials`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.webhook_credentials.client_secret).not.toBe(created.webhook_credentials.client_secret);
    expect(rotated.body.webhook_credentials.client_secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("describes each carrier's credential keys for forms", async () => {
    const res = await h.api(company()).get('/carrier-accounts/credential-keys');
    expect(res.body.filter((c: { carrier: string }) => c.carrier === 'ups')).toEqual([{
      carrier: 'ups', name: 'UPS', booking_label_formats: ['pdf', 'zpl'],
      keys: [
        { name: 'client_id', required: true, secret: false, description: expect.any(String) },
        { name: 'client_secret', required: true, secret: true, description: expect.any(String) },
        { name: 'account_number', required: true, secret: false, description: expect.any(String) },
      ],
    }]);
  });

  it('lists the carriers and services a company can use: those of its enabled accounts', async () => {
    const api = h.api(company());
    expect((await api.get('/account-carriers')).body).toEqual([]);
    const id = (await api.post('/carrier-accounts', upsBody())).body.identifier;
    const [ups] = (await api.get('/account-carriers')).body;
    expect(ups).toMatchObject({ identifier: 'ups', name: 'UPS', account: id, sole_account: true });
    expect(ups.capabilities.supports).toEqual(['book', 'void', 'manifest', 'tracking_push', 'tracking_poll', 'proof_of_delivery', 'rates', 'returns', 'collections', 'service_points']);
    expect(ups.services.map((s: { identifier: string }) => s.identifier)).toEqual([
      'UPS|UPS Standard', 'UPS|UPS Express', 'UPS|UPS Express Saver', 'UPS|UPS Expedited', 'UPS|UPS Ground', 'UPS|UPS Next Day Air', 'UPS|UPS Standard Return',
    ]);
    expect(ups.services[4]).toMatchObject({ code: '03', origins: ['US', 'PR'], destinations: ['US', 'PR'], max_parcel_weight_kg: 68 });
    await api.patch(`/carrier-accounts/${id}`, { enabled: false });
    expect((await api.get('/account-carriers')).body).toEqual([]);
    // Another account once this one is deleted: everything booked with UPS is no longer known to be its.
    expect((await api.delete(`/carrier-accounts/${id}`)).status).toBe(204);
    const next = (await api.post('/carrier-accounts', upsBody())).body.identifier;
    expect((await api.get('/account-carriers')).body.map((c: { account: string; sole_account: boolean }) => [c.account, c.sole_account])).toEqual([[next, false]]);
  });

  it('answers 405 for a method a path does not take', async () => {
    expect((await h.api(company()).delete('/carrier-accounts')).status).toBe(405);
  });
});
