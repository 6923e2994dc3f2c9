import { client } from './support/client';
import { availableModes, type Stack } from './support/stack';
import { OTHER, stackWithTwoCompanies } from './support/tenants';
import { norwayRule } from './support/delivery';
import { webhookReceiver } from './support/webhook-receiver';

/** A UPS developer-portal app the UPS double knows. */
const UPS = { clientId: 'e2e-audit-ups-client', clientSecret: 'e2e-audit-ups-secret-4KQ', accountNumber: 'E2EAU1' };

describe.each(availableModes())('the audit log through the gateway (%s)', (mode) => {
  let stack: Stack;
  let cleanup: () => void;
  let api: ReturnType<typeof client>;
  let other: ReturnType<typeof client>;
  let rx: Awaited<ReturnType<typeof webhookReceiver>>;
  beforeAll(async () => {
    ({ stack, cleanup } = await stackWithTwoCompanies(mode, { WEBHOOK_ALLOW_PRIVATE: '1' }));
    stack.carriers.ups.addClient(UPS);
    api = client(stack);
    other = client({ ...stack, creds: OTHER });
    rx = await webhookReceiver();
  });
  afterAll(async () => {
    await stack?.stop();
    cleanup?.();
    await rx?.close();
  });

  it('records who changed a webhook endpoint, a carrier account, a rule and the aliases, and shows it to that company only', async () => {
    const endpoint = await api.post('/webhooks/endpoints/', { url: rx.url, description: 'audit' });
    expect(endpoint.status).toBe(201);
    const rotated = await api.post(`/webhooks/endpoints/${endpoint.body.id}/rotate-secret`, {});
    expect(rotated.status).toBe(200);
    const account = await api.post('/carrier-accounts', {
      carrier: 'ups', name: 'UPS audit', test_mode: true,
      credentials: { client_id: UPS.clientId, client_secret: UPS.clientSecret, account_number: UPS.accountNumber },
    }, { auth: 'basic' });
    expect(account.status).toBe(201);
    expect((await api.patch(`/carrier-accounts/${account.body.identifier}`, { enabled: false }, { auth: 'basic' })).status).toBe(200);
    const rule = await api.post('/delivery-rules', norwayRule('9.99'));
    expect(rule.status).toBe(201);
    expect((await api.call('DELETE', `/delivery-rules/${rule.body.id}`)).status).toBe(204);
    expect((await api.put('/service-aliases', { Yodel: 'SwiftPost|SwiftPost 24' }, { auth: 'basic' })).status).toBe(200);
    // A refused change is no change: nothing is recorded for it.
    expect((await api.patch('/carrier-accounts/no-such-account', { enabled: true })).status).toBe(404);

    const log = await api.get('/audit-log');
    expect(log.status).toBe(200);
    const token = `token:demo token`;
    expect(log.body.results.map((e: Record<string, unknown>) => [e.actor, e.action, e.target])).toEqual([
      [stack.creds.user, 'service_aliases.replaced', null],
      [token, 'delivery_rule.deleted', rule.body.id],
      [token, 'delivery_rule.created', rule.body.id],
      [stack.creds.user, 'carrier_account.updated', account.body.identifier],
      [stack.creds.user, 'carrier_account.created', account.body.identifier],
      [token, 'webhook_endpoint.secret_rotated', endpoint.body.id],
      [token, 'webhook_endpoint.created', endpoint.body.id],
    ]);
    expect(log.body).toMatchObject({ count: 7, next: null });
    for (const e of log.body.results) {
      expect(new Date(e.at).getTime()).toBeGreaterThan(Date.now() - 10 * 60_000);
      expect(e.source_ip).toMatch(/^(127\.0\.0\.1|::1)$/);
    }
    for (const secret of [endpoint.body.secret, rotated.body.secret, UPS.clientSecret, stack.creds.apiToken, stack.creds.password]) {
      expect(log.text).not.toContain(secret);
    }

    expect((await other.get('/audit-log')).body).toEqual({ count: 0, next: null, results: [] });
    const across = await api.get('/audit-log', { auth: { header: `token ${OTHER.apiToken}` } });
    expect(across.status).toBe(403);
  });
});
