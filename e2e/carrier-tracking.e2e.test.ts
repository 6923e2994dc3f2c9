import { trackAlertEvent } from '@waybill/carrier-doubles';
import { eventually } from '@waybill/testing';
import { client } from './support/client';
import { domesticConsignment } from './support/fixtures';
import { availableModes, startStack, type Stack } from './support/stack';
import { webhookReceiver, type Hook, type WebhookReceiver } from './support/webhook-receiver';

/** Accounts the carriers' doubles know. */
const UPS = { clientId: 'e2e-track-ups-client', clientSecret: 'e2e-track-ups-secret', accountNumber: 'T8R4C6' };
const RM = { apiKey: 'e2e-track-rm-key-0001', oba: true, tracking: { clientId: 'e2e-track-rm-client', clientSecret: 'e2e-track-rm-secret' } };
const DHL = { apiKey: 'e2e-track-dhl-key', apiSecret: 'e2e-track-dhl-secret', accountNumber: '246813579' };
// Polls within seconds: first after 500 ms, then doubling up to every 2 s.
const FAST_POLLING = { TRACKING_POLL_FIRST_MS: '500', TRACKING_POLL_MAX_INTERVAL_MS: '2000', TRACKING_POLL_TICK_MS: '200' };

const recipient = {
  name: 'Ada Lovelace', first_name: 'Ada', email_address: 'ada@example.com', contact_number: '+44 7700 900123',
  address: { address1: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', country: 'GB' },
};

describe.each(availableModes())('real carriers tracking (%s)', (mode) => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let rx: WebhookReceiver;
  let upsWebhook: { client_id: string; client_secret: string; token_url: string; webhook_url: string };

  beforeAll(async () => {
    rx = await webhookReceiver();
    stack = await startStack(mode, { WEBHOOK_ALLOW_PRIVATE: '1', ...FAST_POLLING });
    api = client(stack);
    stack.carriers.ups.addClient(UPS);
    stack.carriers.royalmail.addAccount(RM);
    stack.carriers.dhlExpress.addAccount(DHL);
    const endpoint = await api.post('/webhooks/endpoints', { url: rx.url, description: 'carrier tracking', event_types: ['tracking_update', 'proof_of_delivery'] });
    expect(endpoint.status).toBe(201);
    rx.verifyOnArrival(endpoint.body.secret);
    const ups = await api.post('/carrier-accounts', { carrier: 'ups', name: 'UPS', test_mode: true, credentials: { client_id: UPS.clientId, client_secret: UPS.clientSecret, account_number: UPS.accountNumber } });
    expect(ups.status).toBe(201);
    upsWebhook = ups.body.webhook_credentials;
    expect((await api.post('/carrier-accounts', { carrier: 'royalmail', name: 'Royal Mail', credentials: { api_key: RM.apiKey, tracking_client_id: RM.tracking.clientId, tracking_client_secret: RM.tracking.clientSecret } })).status).toBe(201);
    expect((await api.post('/carrier-accounts', { carrier: 'dhl_express', name: 'DHL', credentials: { api_key: DHL.apiKey, api_secret: DHL.apiSecret, account_number: DHL.accountNumber } })).status).toBe(201);
  });
  afterAll(async () => {
    await stack?.stop();
    await rx?.close();
  });

  async function allocated(serviceId: string): Promise<{ identifier: string; tracking_url: string; numbers: string[]; consignment_number: string }> {
    const res = await api.post('/consignments', [domesticConsignment({ service_id: serviceId, recipient })]);
    expect(res.body.errors).toEqual({});
    const c = (await api.get(`/consignment/${res.body.success[0]}`)).body;
    expect([c.current_status.status, c.current_status.rejection_reason]).toEqual(['Allocated', null]);
    return { identifier: c.identifier, tracking_url: c.tracking_url, consignment_number: c.consignment_number, numbers: c.packages.map((p: { tracking_number: string }) => p.tracking_number) };
  }
  /** The signed tracking_update webhooks of a number: each verified on arrival with the endpoint's secret. */
  interface Update { hook: Hook; events: Array<{ status: string }> }
  const updatesOf = (n: string): Update[] => rx.hooks.filter((h) => h.json.event_type === 'tracking_update')
    .flatMap((h) => (h.json.trackings as Array<{ tracking_number: string; events: Update['events'] }>).filter((t) => t.tracking_number === n).map((t) => ({ hook: h, events: t.events })));
  const statusSeen = (n: string, status: string) => updatesOf(n).find((u) => u.hook.verified && u.events.some((e) => e.status === status));
  const page = async (url: string) => (await (await fetch(`${stack.baseUrl}${new URL(url).pathname}`, { headers: { accept: 'application/json' } })).json()) as Record<string, unknown>;
  const statusOf = async (id: string) => (await api.get(`/consignment/${id}`)).body.current_status.status;

  it('takes a UPS Track Alert push with a token from the token endpoint into a signed webhook and the tracking page; none without a token', async () => {
    const c = await allocated('UPS|UPS Standard');
    const [n] = c.numbers;
    const body = JSON.stringify(trackAlertEvent(n, 'I', 'OR', 'Origin Scan', new Date(Date.now() - 3_600_000)));
    const push = (headers: Record<string, string>) => fetch(`${stack.baseUrl}/ingest/v1/carriers/ups/tracking`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

    const refused = await push({ authorization: 'Bearer not-a-token.at-all', 'x-api-key': upsWebhook.client_id });
    expect([refused.status, refused.headers.get('www-authenticate')]).toEqual([401, expect.stringMatching(/^Bearer /)]);

    const token = await fetch(`${stack.baseUrl}/ingest/v1/carriers/ups/oauth/token`, {
      method: 'POST', body: 'grant_type=client_credentials',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${upsWebhook.client_id}:${upsWebhook.client_secret}`).toString('base64')}` },
    });
    expect(token.status).toBe(200);
    const { access_token } = await token.json() as { access_token: string };
    const accepted = await push({ authorization: `Bearer ${access_token}`, 'x-api-key': upsWebhook.client_id });
    expect(accepted.status).toBe(202);

    await eventually(() => statusSeen(n, 'IN_TRANSIT'), { what: 'the Track Alert update as a signed webhook', timeoutMs: 30_000 });
    expect(await page(c.tracking_url)).toMatchObject({ carrier: 'UPS', status: 'IN_TRANSIT', tracking_numbers: [n] });
    await eventually(async () => (await statusOf(c.identifier)) === 'Despatched', { what: 'Despatched', timeoutMs: 20_000 });
  });

  it('polls UPS for a number Track Alert refused, into a signed webhook and the tracking page', async () => {
    // While the subscription request is on its way, UPS forgets the package: Track Alert refuses it, so it is polled.
    stack.carriers.ups.inject({ operation: 'subscribe', kind: 'slow', delayMs: 3000, times: 1 });
    const c = await allocated('UPS|UPS Express');
    const [n] = c.numbers;
    const history = stack.carriers.ups.state.activity.get(n)!;
    stack.carriers.ups.state.activity.delete(n);
    // Only a refused number is polled: the first poll (UPS still knows nothing of it) shows it was.
    await eventually(() => stack.carriers.ups.requests.includes(`track GET /api/track/v1/details/${n}`), { what: 'a poll of the refused number', timeoutMs: 30_000 });
    stack.carriers.ups.state.activity.set(n, history);
    // After the label (M) UPS recorded at booking: the page shows the newest event by carrier time.
    stack.carriers.ups.addActivity(n, { type: 'O', code: 'OF', description: 'Out For Delivery Today', at: new Date(), city: 'LONDON', country: 'GB' });
    await eventually(() => statusSeen(n, 'OUT_FOR_DELIVERY'), { what: 'the polled UPS update', timeoutMs: 30_000 });
    expect(await page(c.tracking_url)).toMatchObject({ carrier: 'UPS', status: 'OUT_FOR_DELIVERY' });
  });

  it("polls Royal Mail's tracking API into a signed webhook and the tracking page", async () => {
    const c = await allocated('Royal Mail|Royal Mail Tracked 24');
    const [n] = c.numbers;
    stack.carriers.royalmail.addEvent(n, { code: 'EVGPD', name: 'Your item is out for delivery', at: new Date(), category: 'IN TRANSIT', location: 'London Delivery Office' });
    await eventually(() => statusSeen(n, 'OUT_FOR_DELIVERY'), { what: 'the polled Royal Mail update', timeoutMs: 30_000 });
    expect(await page(c.tracking_url)).toMatchObject({ carrier: 'Royal Mail', status: 'OUT_FOR_DELIVERY' });
  });

  it("polls DHL Express into signed webhooks, and turns DHL's ePOD into a proof_of_delivery with a working link", async () => {
    const c = await allocated('DHL Express|DHL Express Domestic');
    const [n] = c.numbers;
    // Scans after the shipment data DHL recorded at booking: the page shows the newest by carrier time.
    stack.carriers.dhlExpress.addEvent(c.consignment_number, { typeCode: 'PU', description: 'Shipment picked up', at: new Date(), location: 'LONDON-HEATHROW - UK' });
    await eventually(() => statusSeen(n, 'IN_TRANSIT'), { what: 'the polled DHL update', timeoutMs: 30_000 });
    stack.carriers.dhlExpress.addEvent(c.consignment_number, { typeCode: 'OK', description: 'Delivered', at: new Date(), signedBy: 'A LOVELACE' });
    await eventually(() => statusSeen(n, 'DELIVERED'), { what: 'the DHL delivery', timeoutMs: 30_000 });
    expect(await page(c.tracking_url)).toMatchObject({ carrier: 'DHL Express', status: 'DELIVERED' });
    await eventually(async () => (await statusOf(c.identifier)) === 'Delivered', { what: 'Delivered', timeoutMs: 20_000 });

    const pod = await eventually(() => rx.hooks.find((h) => h.verified && h.json.event_type === 'proof_of_delivery' && h.json.payload?.some((d: { consignment_identifier: string }) => d.consignment_identifier === c.identifier)), { what: 'the proof_of_delivery webhook', timeoutMs: 30_000 });
    const doc = pod.json.payload[0];
    expect(doc).toMatchObject({ file_type: 'application/pdf', proof_of_delivery_type: 'signature', carrier: 'DHL Express', service_id: 'DHL Express|DHL Express Domestic' });
    const link = new URL(doc.document_url);
    expect(Number(link.searchParams.get('expires')) * 1000 - Date.now()).toBeGreaterThan(71 * 3_600_000);
    const res = await fetch(`${stack.baseUrl}${link.pathname}${link.search}`);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(Buffer.from(await res.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
