import { randomBytes } from 'node:crypto';
import { PushTokens, PUSH_TOKEN_KEY_PURPOSE } from '@waybill/carriers';
import { SecretBox } from '@waybill/internal-auth';
import { CarrierLinkHarness } from '../test-support';

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

describe("UPS Track Alert takes a push token from Waybill with its account's webhook credentials", () => {
  let h: CarrierLinkHarness;
  let webhook: { client_id: string; client_secret: string };
  beforeAll(async () => {
    h = await CarrierLinkHarness.start({});
    const created = await h.api(`co-${randomBytes(4).toString('hex')}`).post('/carrier-accounts', {
      carrier: 'ups', name: 'UPS', credentials: { client_id: 'id-1', client_secret: 'secret-1', account_number: 'A1B2C3' },
    });
    webhook = created.body.webhook_credentials;
  });
  afterAll(async () => h?.close());

  it('issues a Bearer token that tracking-ingest can check with the key it derives itself', async () => {
    const res = await h.asCarrier('ups').set('x-forwarded-authorization', basic(webhook.client_id, webhook.client_secret))
      .send({ grant_type: 'client_credentials' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, access_token: expect.any(String) });
    expect(res.headers['cache-control']).toBe('no-store');
    const verifier = new PushTokens(new SecretBox(h.encryptionKey).deriveKey(PUSH_TOKEN_KEY_PURPOSE));
    expect(verifier.verify(`Bearer ${res.body.access_token}`, webhook.client_id)).toBe(webhook.client_id);
  });

  it('refuses a wrong secret, an unknown client, another carrier path and another grant type', async () => {
    const wrong = await h.asCarrier('ups').set('x-forwarded-authorization', basic(webhook.client_id, 'nope')).send({ grant_type: 'client_credentials' });
    expect([wrong.status, wrong.body.error, wrong.headers['www-authenticate']]).toEqual([401, 'invalid_client', 'Basic realm="waybill-carrier-push"']);
    expect((await h.asCarrier('ups').set('x-forwarded-authorization', basic('wbk_unknown', 'x')).send({ grant_type: 'client_credentials' })).status).toBe(401);
    expect((await h.asCarrier('generic').set('x-forwarded-authorization', basic(webhook.client_id, webhook.client_secret)).send({ grant_type: 'client_credentials' })).status).toBe(401);
    const grant = await h.asCarrier('ups').set('x-forwarded-authorization', basic(webhook.client_id, webhook.client_secret)).send({ grant_type: 'password' });
    expect([grant.status, grant.body.error]).toEqual([400, 'unsupported_grant_type']);
  });
});
