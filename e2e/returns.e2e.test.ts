import { eventually, RETURNABLE_ITEMS as ITEMS, RETURNING_RECIPIENT as recipient } from '@waybill/testing';
import { availableModes, startStack, type Stack } from './support/stack';
import { client } from './support/client';
import { createConsignment, pdfPages } from './support/documents';
import { webhookReceiver } from './support/webhook-receiver';

/**
 * Returns through the gateway (docs/api/returns.md): an outbound allocated, its return booked with a
 * sandbox carrier's return service and with UPS's (through the UPS double, which checks the return against
 * UPS's Shipping API), the label, the list filters, the refusals, the policy and the signed webhook.
 */
const UPS = { clientId: 'e2e-ups-returns-client', clientSecret: 'e2e-ups-returns-secret-Q7W2', accountNumber: 'E2ER01' };
const outbound = (serviceId: string, order: string) => ({
  order_number: order, service_id: serviceId, recipient,
  packages: [{ description: 'Clothes', weight: 1.2, weight_unit: 'kg', length: 30, width: 20, height: 10, dimensions_unit: 'cm', items: ITEMS }],
});

describe.each(availableModes())('returns through the gateway (%s)', (mode) => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let rx: Awaited<ReturnType<typeof webhookReceiver>>;
  let secret: string;
  beforeAll(async () => {
    // The receiver listens on 127.0.0.1, so private targets are allowed here.
    stack = await startStack(mode, { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT: '5s' });
    stack.carriers.ups.addClient(UPS);
    api = client(stack);
    rx = await webhookReceiver();
    const endpoint = await api.post('/webhooks/endpoints/', { url: rx.url, event_types: ['return_created'] });
    expect([endpoint.status, endpoint.body.event_types]).toEqual([201, ['return_created']]);
    secret = endpoint.body.secret;
    const account = await api.post('/carrier-accounts', {
      carrier: 'ups', name: 'UPS returns', test_mode: true,
      credentials: { client_id: UPS.clientId, client_secret: UPS.clientSecret, account_number: UPS.accountNumber },
    });
    expect(account.status).toBe(201);
    await eventually(async () => ((await api.get('/carrierservices')).body as Array<{ identifier: string }>).some((s) => s.identifier === 'UPS|UPS Standard Return'),
      { timeoutMs: 20_000, what: 'UPS services in /carrierservices' });
  });
  afterAll(async () => {
    await stack?.stop();
    await rx?.close();
  });

  it('lists return services apart from outbound ones', async () => {
    const services = (await api.get('/carrierservices')).body as Array<{ identifier: string; return: boolean }>;
    expect(services.filter((s) => s.return).map((s) => s.identifier))
      .toEqual(expect.arrayContaining(['Generic Carrier|Generic Returns GRTN', 'SwiftPost|SwiftPost Returns', 'UPS|UPS Standard Return']));
    expect(services.find((s) => s.identifier === 'Generic Carrier|Generic Domestic Service GDOM')?.return).toBe(false);
  });

  it.each([
    ['the sandbox carrier', 'Generic Carrier|Generic Domestic Service GDOM', undefined, 'Generic Carrier|Generic Returns GRTN'],
    ['UPS through its double', 'UPS|UPS Standard', 'UPS|UPS Standard Return', 'UPS|UPS Standard Return'],
  ])('books a return with %s: its own numbers, its label, linked to its outbound, and a signed return_created webhook', async (_name, service, asked, booked) => {
    const o = await createConsignment(api, outbound(service, `RET-${booked.length}-${Date.now()}`));
    expect(o.current_status.status).toBe('Allocated');
    const res = await api.post(`/consignment/${o.identifier}/returns`, { ...(asked ? { service_id: asked } : {}), reason: 'too_small', items: [{ sku: 'SHIRT-M', quantity: 1 }] });
    expect(res.status).toBe(201);
    const r = res.body;
    expect(r).toMatchObject({
      direction: 'return', return_for: o.identifier, service_id: booked, order_number: o.order_number,
      current_status: { status: 'Allocated', rejection_reason: null }, warehouse_id: `${stack.creds.company}|London DC`,
      sender: { name: 'Ada Lovelace' }, return_items: [{ sku: 'SHIRT-M', name: 'Linen shirt', quantity: 1, reason: 'too_small' }],
    });
    expect(r.consignment_number).toMatch(/\S/);
    expect(r.consignment_number).not.toBe(o.consignment_number);
    expect(r.tracking_url).toMatch(/^http/);
    expect(r.packages[0].tracking_number).toMatch(/\S/);
    expect((await api.get(`/consignment/${o.identifier}`)).body.returns).toEqual([r.identifier]);
    // The recipient's tracking page of the return, as for any consignment (once tracking has heard of it).
    const trackingPage = r.tracking_url.replace(/^https?:\/\/[^/]+/, stack.baseUrl);
    await eventually(async () => (await fetch(trackingPage)).status === 200, { timeoutMs: 20_000, what: `the tracking page ${trackingPage}` });

    const label = await api.get(`/consignment/${r.identifier}/documents`);
    expect([label.status, label.body.label_format]).toEqual([200, 'application/pdf']);
    const pages = await pdfPages(label.body.labels);
    expect(pages.length).toBe(1);
    // Drawn by Waybill for the sandbox carrier: from the outbound's recipient, to the returns warehouse.
    if (!asked) expect([pages[0].text.includes('Ada Lovelace'), pages[0].text.includes('E14 5AB')]).toEqual([true, true]);

    const hook = await eventually(() => rx.hooks.find((h) => h.json.payload?.consignment_identifier === r.identifier), { timeoutMs: 20_000, what: 'return_created webhook' });
    expect(rx.verify(hook, secret)).toEqual({
      event_type: 'return_created', event_id: hook.headers['webhook-id'], payload_version: '2025.1',
      payload: {
        consignment_identifier: r.identifier, return_for: o.identifier, order_number: o.order_number, reason: 'too_small',
        items: [{ sku: 'SHIRT-M', name: 'Linen shirt', quantity: 1, reason: 'too_small' }], carrier: r.carrier, service_id: booked,
        tracking_numbers: [r.packages[0].tracking_number],
      },
    });
    expect(stack.carriers.ups.violations).toEqual([]);
  });

  it('filters returns, refuses over-returning (naming the item) and a cancelled outbound, and keeps an Idempotency-Key', async () => {
    const o = await createConsignment(api, outbound('Generic Carrier|Generic Domestic Service GDOM', `RET-F-${Date.now()}`));
    const key = { headers: { 'Idempotency-Key': `ret-${o.identifier}` } };
    const first = await api.post(`/consignment/${o.identifier}/returns`, { items: [{ sku: 'SHIRT-M', quantity: 2 }] }, key);
    const replay = await api.post(`/consignment/${o.identifier}/returns`, { items: [{ sku: 'SHIRT-M', quantity: 2 }] }, key);
    expect([first.status, replay.status, replay.headers.get('idempotent-replayed'), replay.body.identifier]).toEqual([201, 201, 'true', first.body.identifier]);
    const over = await api.post(`/consignment/${o.identifier}/returns`, { items: [{ sku: 'SHIRT-M', quantity: 1 }] });
    expect([over.status, over.body.detail]).toEqual([400, 'items.0: "SHIRT-M": 1 asked for, but 2 shipped and 0 not returned yet.']);

    const mine = (await api.get(`/consignments?return_for=${o.identifier}`)).body;
    expect(mine.results.map((c: { identifier: string }) => c.identifier)).toEqual([first.body.identifier]);
    const returns = (await api.get('/consignments?direction=return&limit=100')).body.results as Array<{ direction: string; return_for: string }>;
    expect(returns.length).toBeGreaterThan(0);
    expect(returns.every((c) => c.direction === 'return' && c.return_for)).toBe(true);

    const cancelled = await createConsignment(api, outbound('Generic Carrier|Generic Domestic Service GDOM', `RET-C-${Date.now()}`));
    expect((await api.call('DELETE', `/consignment/${cancelled.identifier}`)).status).toBe(200);
    const refused = await api.post(`/consignment/${cancelled.identifier}/returns`, {});
    expect([refused.status, refused.body.detail]).toEqual([409, 'The consignment is Cancelled: nothing was shipped, so nothing can be returned.']);
  });

  it('answers the returns policy, replaces it on PUT, refuses a bad value naming it, and records the change in the audit log', async () => {
    const policy = (await api.get('/returns-policy')).body;
    expect(policy).toMatchObject({ enabled: true, window_days: 30, countries: ['GB', 'IE'], warehouse_id: `${stack.creds.company}|London DC` });
    expect(policy.reasons).toHaveLength(5);
    const changed = { ...policy, window_days: 14, instructions: 'Use the original box.' };
    const put = await api.put('/returns-policy', changed);
    expect([put.status, put.body]).toEqual([200, changed]);
    expect((await api.get('/returns-policy')).body).toEqual(changed);
    const bad = await api.put('/returns-policy', { ...changed, countries: ['gb'] });
    expect([bad.status, bad.body.detail]).toEqual([400, expect.stringMatching(/^countries\.0: /)]);
    const notReturn = await api.put('/returns-policy', { ...changed, service_id: 'SwiftPost|SwiftPost 24' });
    expect([notReturn.status, notReturn.body.detail]).toEqual([400, expect.stringMatching(/^service_id: "SwiftPost\|SwiftPost 24" is not one of the company's return services/)]);
    const log = (await api.get('/audit-log')).body.results as Array<{ action: string }>;
    expect(log.filter((e) => e.action === 'returns_policy.replaced')).toHaveLength(1);
  });
});
