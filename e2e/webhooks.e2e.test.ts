import { eventually } from '@waybill/testing';
import { availableModes, type Stack } from './support/stack';
import { client } from './support/client';
import { webhookReceiver } from './support/webhook-receiver';
import { OTHER, stackWithTwoCompanies } from './support/tenants';

describe.each(availableModes())('webhook endpoints through the gateway (%s)', (mode) => {
  let stack: Stack;
  let cleanup: () => void;
  let api: ReturnType<typeof client>;
  let other: ReturnType<typeof client>;
  let rx: Awaited<ReturnType<typeof webhookReceiver>>;
  beforeAll(async () => {
    // The receivers of this test listen on 127.0.0.1, so private targets are allowed here.
    ({ stack, cleanup } = await stackWithTwoCompanies(mode, { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_TIMEOUT: '5s' }));
    api = client(stack);
    other = client(stack, `/_api/v1/company/${OTHER.company}`);
    rx = await webhookReceiver();
  });
  afterAll(async () => {
    await stack?.stop();
    cleanup?.();
    await rx?.close();
  });
  const otherAuth = { auth: { header: `token ${OTHER.apiToken}` } };

  it('manages an endpoint and delivers a signed test event that the reference library verifies', async () => {
    const created = await api.post('/webhooks/endpoints/', { url: rx.url, description: 'e2e' });
    expect(created.status).toBe(201);
    const { secret, ...endpoint } = created.body;
    expect(endpoint).toEqual({
      id: expect.any(String), url: rx.url, description: 'e2e', event_types: ['tracking_update', 'proof_of_delivery'],
      enabled: true, disabled_reason: null, created_at: expect.any(String), failing_since: null,
    });
    expect(secret).toMatch(/^whsec_/);
    expect((await api.get('/webhooks/endpoints')).body).toEqual([endpoint]);
    expect((await api.get(`/webhooks/endpoints/${endpoint.id}/secret`)).body).toEqual({ secret });

    const test = await api.post(`/webhooks/endpoints/${endpoint.id}/test`, {});
    expect(test.status).toBe(202);
    const hook = await eventually(() => rx.hooks.find((h) => h.json.event_id === test.body.event_id), { what: 'test webhook' });
    expect(rx.verify(hook, secret)).toEqual({
      event_type: 'test', event_id: test.body.event_id, payload_version: '2025.1', payload: { message: expect.any(String) },
    });
    expect(hook.headers['webhook-id']).toBe(test.body.event_id);

    const attempts = await eventually(async () => {
      const res = await api.get(`/webhooks/endpoints/${endpoint.id}/attempts`);
      return res.body.results?.[0]?.outcome === 'success' && res.body;
    }, { what: 'attempt logged' });
    expect(attempts).toMatchObject({ count: 1, next: null, results: [{ event_id: test.body.event_id, event_type: 'test', status_code: 200 }] });

    const rotated = await api.post(`/webhooks/endpoints/${endpoint.id}/rotate-secret`, {});
    expect(rotated.status).toBe(200);
    const again = await api.post(`/webhooks/endpoints/${endpoint.id}/test`, {});
    const second = await eventually(() => rx.hooks.find((h) => h.json.event_id === again.body.event_id), { what: 'second test webhook' });
    expect(rx.verify(second, secret)).toBeDefined();
    expect(rx.verify(second, rotated.body.secret)).toBeDefined();

    const resent = await api.post(`/webhooks/messages/${test.body.event_id}/resend`, {});
    expect([resent.status, resent.body]).toEqual([202, { resent: 1 }]);
    await eventually(() => rx.hooks.filter((h) => h.json.event_id === test.body.event_id).length === 2, { what: 'resent webhook' });

    const patched = await api.call('PATCH', `/webhooks/endpoints/${endpoint.id}`, { body: { enabled: false } });
    expect(patched.body).toMatchObject({ enabled: false, disabled_reason: 'manual' });
    expect((await api.del(`/webhooks/endpoints/${endpoint.id}`)).status).toBe(204);
    expect((await api.get(`/webhooks/endpoints/${endpoint.id}`)).status).toBe(404);
  });

  it('keeps each company to its own endpoints: another company\'s id answers 404', async () => {
    const theirs = await other.post('/webhooks/endpoints', { url: rx.url }, otherAuth);
    expect(theirs.status).toBe(201);
    const id = theirs.body.id;
    for (const res of [
      await api.get(`/webhooks/endpoints/${id}`), await api.get(`/webhooks/endpoints/${id}/secret`),
      await api.call('PATCH', `/webhooks/endpoints/${id}`, { body: { url: 'http://127.0.0.1:1/stolen' } }),
      await api.post(`/webhooks/endpoints/${id}/test`, {}), await api.del(`/webhooks/endpoints/${id}`),
    ]) expect([res.status, res.body]).toEqual([404, { detail: 'Not found.' }]);
    expect((await api.get('/webhooks/endpoints')).body.map((e: { id: string }) => e.id)).not.toContain(id);
    // Credentials of one company on the other's path are refused outright.
    expect((await api.get(`/_api/v1/company/${OTHER.company}/webhooks/endpoints`)).status).toBe(403);
    expect((await other.get(`/webhooks/endpoints/${id}`, otherAuth)).body.url).toBe(rx.url);
  });

  it('answers 400 with detail for a bad body and 405 for an unsupported method', async () => {
    const bad = await api.post('/webhooks/endpoints', { url: 'ftp://example.com/' });
    expect([bad.status, bad.body.detail]).toEqual([400, 'url: Enter an http:// or https:// URL.']);
    const wrong = await api.put('/webhooks/endpoints', {});
    expect(wrong.status).toBe(405);
  });
});
