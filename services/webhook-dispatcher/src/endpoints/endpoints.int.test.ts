import { SchemaId, validate } from '@waybill/contracts';
import { eventually } from '@waybill/testing';
import { Harness, newCompany } from '../test-support/harness';
import { startReceiver, type Receiver } from '../test-support/receiver';
import { createEndpoint, settledAttempts } from '../test-support/scenario';

/** DNS answered by a table the tests can change. */
function tableResolver(table: Record<string, string[]>) {
  return async (host: string) => {
    if (!table[host]) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return table[host].map((address) => ({ address, family: 4 as const }));
  };
}
const dns: Record<string, string[]> = { 'hooks.example.com': ['93.184.216.34'], 'intranet.example.com': ['10.0.0.8'] };
/** The guard as it runs in production (private targets refused). */
const resolver = tableResolver(dns);

describe('webhook endpoint management API', () => {
  let h: Harness;
  const company = newCompany();
  beforeAll(async () => { h = await Harness.start({ env: { WEBHOOK_ALLOW_PRIVATE: '0' }, resolver }); });
  afterAll(async () => h?.close());

  it('creates an endpoint (201, with its whsec_ secret), lists, reads, patches and deletes it', async () => {
    const api = h.api(company);
    const created = await api.post('/webhooks/endpoints', { url: 'https://hooks.example.com/waybill', description: 'orders', event_types: ['tracking_update'], enabled: false });
    expect(created.status).toBe(201);
    expect(validate(SchemaId.WebhookEndpointCreated, created.body)).toEqual({ ok: true });
    expect(created.body).toMatchObject({ url: 'https://hooks.example.com/waybill', description: 'orders', event_types: ['tracking_update'], enabled: false, disabled_reason: 'manual' });
    const { secret, ...endpoint } = created.body;
    expect(secret).toMatch(/^whsec_/);

    expect((await api.get('/webhooks/endpoints')).body).toEqual([endpoint]);
    expect((await api.get(`/webhooks/endpoints/${endpoint.id}`)).body).toEqual(endpoint);
    const patched = await api.patch(`/webhooks/endpoints/${endpoint.id}`, { enabled: true, description: null, event_types: ['proof_of_delivery', 'tracking_update'] });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ ...endpoint, enabled: true, disabled_reason: null, description: '', event_types: ['proof_of_delivery', 'tracking_update'] });
    expect((await api.patch(`/webhooks/endpoints/${endpoint.id}`, { enabled: false })).body.disabled_reason).toBe('manual');

    expect((await api.delete(`/webhooks/endpoints/${endpoint.id}`)).status).toBe(204);
    expect((await api.get(`/webhooks/endpoints/${endpoint.id}`)).status).toBe(404);
    expect((await api.delete(`/webhooks/endpoints/${endpoint.id}`)).status).toBe(404);
  });

  it('defaults to every event type and keeps the secret encrypted at rest', async () => {
    const res = await h.api(company).post('/webhooks/endpoints', { url: 'https://93.184.216.34/in' });
    expect(res.body.event_types).toEqual(['tracking_update', 'proof_of_delivery']);
    const row = await h.db.db.selectFrom('endpoints').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    const key = res.body.secret.slice('whsec_'.length);
    expect(JSON.stringify(row)).not.toContain(key);
    expect(row.secret).toMatch(/^v1\./);
    expect((await h.api(company).get(`/webhooks/endpoints/${res.body.id}/secret`)).body).toEqual({ secret: res.body.secret });
  });

  it.each([
    [{ url: 'http://hooks.example.com/' }, 'url: Only https:// URLs are accepted.'],
    [{ url: 'https://127.0.0.1/' }, 'url: Only public addresses are accepted: "127.0.0.1" is a loopback address.'],
    [{ url: 'https://intranet.example.com/' }, 'url: Only public addresses are accepted: "intranet.example.com" resolves to 10.0.0.8, a private address.'],
    [{ url: 'https://[fd00:ec2::254]/' }, 'url: Only public addresses are accepted: "fd00:ec2::254" is a cloud metadata address.'],
    [{ url: 'https://nowhere.example.com/' }, 'url: The host "nowhere.example.com" could not be resolved (ENOTFOUND).'],
    [{}, 'url: This field is required.'],
    [{ url: 'https://hooks.example.com/', event_types: ['order_created'] }, 'event_types.0: "order_created" is not a valid choice.'],
    [{ url: 'https://hooks.example.com/', event_types: [] }, 'event_types: Ensure this field has at least 1 elements.'],
    [{ url: 'https://hooks.example.com/', secret: 'whsec_mine' }, 'secret: Unknown field.'],
  ])('refuses %j with a 400 naming the field', async (body, detail) => {
    const res = await h.api(company).post('/webhooks/endpoints', body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe(detail);
  });

  it('checks a changed URL the same way', async () => {
    const ep = await createEndpoint(h, company, { url: 'https://hooks.example.com/a' });
    const res = await h.api(company).patch(`/webhooks/endpoints/${ep.id}`, { url: 'https://169.254.169.254/latest' });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^url: .*cloud metadata address/);
  });

  it('checks the address again before sending: a name rebound to a private address gets nothing', async () => {
    dns['rebind.example.com'] = ['93.184.216.34'];
    const ep = await createEndpoint(h, company, { url: 'https://rebind.example.com/hook' });
    // Rebound before anything is sent: no request ever leaves for the public address.
    dns['rebind.example.com'] = ['127.0.0.1'];
    const test = await h.api(company).post(`/webhooks/endpoints/${ep.id}/test`);
    expect(test.status).toBe(202);
    const [attempt] = await settledAttempts(h, company, ep.id, (a) => a.length >= 1);
    expect(attempt).toMatchObject({
      event_id: test.body.event_id, outcome: 'failure', status_code: null,
      error: 'refused: Only public addresses are accepted: "rebind.example.com" resolves to 127.0.0.1, a loopback address.',
    });
  });

  it('answers 404 for another company\'s endpoint, whatever the operation', async () => {
    const theirs = await createEndpoint(h, newCompany(), { url: 'https://hooks.example.com/theirs' });
    const api = h.api(company);
    const calls = [
      api.get(`/webhooks/endpoints/${theirs.id}`), api.patch(`/webhooks/endpoints/${theirs.id}`, { description: 'mine now' }),
      api.delete(`/webhooks/endpoints/${theirs.id}`), api.get(`/webhooks/endpoints/${theirs.id}/secret`),
      api.post(`/webhooks/endpoints/${theirs.id}/rotate-secret`), api.post(`/webhooks/endpoints/${theirs.id}/test`),
      api.get(`/webhooks/endpoints/${theirs.id}/attempts`), api.post(`/webhooks/endpoints/${theirs.id}/recover`, { since: '2020-01-01T00:00:00Z' }),
    ];
    for (const res of await Promise.all(calls)) expect([res.status, res.body]).toEqual([404, { detail: 'Not found.' }]);
    expect((await api.get('/webhooks/endpoints')).body.map((e: { id: string }) => e.id)).not.toContain(theirs.id);
  });

  it('answers 405 with Allow for an unsupported method and 409 for a test to a disabled endpoint', async () => {
    const ep = await createEndpoint(h, company, { url: 'https://hooks.example.com/b', enabled: false });
    const res = await h.api(company).post(`/webhooks/endpoints/${ep.id}`, {});
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, PATCH, DELETE');
    expect((await h.api(company).post(`/webhooks/endpoints/${ep.id}/test`)).status).toBe(409);
    expect((await h.api(company).post(`/webhooks/endpoints/${ep.id}/recover`, { since: 'yesterday' })).body.detail).toBe('since: Datetime has wrong format. Use ISO 8601.');
  });
});

describe('attempt log', () => {
  let h: Harness;
  let rx: Receiver;
  const company = newCompany();
  // Private targets allowed (the receiver is on 127.0.0.1); names resolve through the guard's resolver.
  const names: Record<string, string[]> = { 'receiver.waybill.test': ['127.0.0.1'] };
  beforeAll(async () => {
    h = await Harness.start({ resolver: tableResolver(names) });
    // Each event fails once (with a long body), then succeeds.
    const seen = new Set<string>();
    rx = await startReceiver((r) => {
      const id = String(r.headers['webhook-id']);
      if (seen.has(id)) return { status: 200 };
      seen.add(id);
      return { status: 500, body: 'x'.repeat(10_000) };
    });
  });
  afterAll(async () => {
    await h?.close();
    await rx?.close();
  });

  it('connects to the address the guard resolved, not to what the system resolver says', async () => {
    const ep = await createEndpoint(h, company, { url: rx.url.replace('127.0.0.1', 'receiver.waybill.test') });
    const test = await h.api(company).post(`/webhooks/endpoints/${ep.id}/test`);
    // The receiver fails each event's first attempt: wait for the retry's success too, so nothing is left in flight.
    await eventually(() => rx.successesById().get(test.body.event_id) === 1, { what: 'delivery by pinned address' });
    expect(rx.received[rx.received.length - 1].headers.host).toBe(new URL(rx.url).host.replace('127.0.0.1', 'receiver.waybill.test'));
    await h.api(company).delete(`/webhooks/endpoints/${ep.id}`);
  });

  it('pages newest first, 50 a page, with a count that shrinks page by page', async () => {
    const ep = await createEndpoint(h, company, { url: rx.url });
    const tests: string[] = [];
    for (let i = 0; i < 40; i++) tests.push((await h.api(company).post(`/webhooks/endpoints/${ep.id}/test`)).body.event_id);
    await eventually(() => tests.every((id) => rx.successesById().get(id) === 1), { timeoutMs: 30_000, what: 'every test event delivered' });
    await settledAttempts(h, company, ep.id, (a) => a.filter((x) => x.outcome === 'success').length === 40, 30_000);
    const total = rx.received.filter((r) => tests.includes(r.json.event_id)).length;
    expect(total).toBe(80);

    const pages: any[] = [];
    let url: string | null = `/webhooks/endpoints/${ep.id}/attempts`;
    while (url) {
      const res: any = await h.api(company).get(url.replace(/^http:\/\/[^/]+/, ''));
      expect(validate(SchemaId.WebhookAttemptPage, res.body)).toEqual({ ok: true });
      pages.push(res.body);
      url = res.body.next;
    }
    expect(pages.map((p) => p.count)).toEqual(pages.map((_, i) => total - 50 * i));
    expect(pages[0].results).toHaveLength(50);
    const all = pages.flatMap((p) => p.results);
    expect(all).toHaveLength(total);
    // Newest first: each event's retry (the success) is listed before its first, failed attempt.
    for (const id of tests) {
      const mine = all.filter((a) => a.event_id === id).map((a) => a.outcome);
      expect(mine).toEqual(['success', 'failure']);
    }
    const failure = all.find((a) => a.outcome === 'failure');
    expect(failure).toMatchObject({ event_type: 'test', status_code: 500, error: 'answered 500' });
    expect(Buffer.byteLength(failure.response_head)).toBeLessThanOrEqual(4096);
    expect(failure.response_head).toMatch(/^HTTP\/1\.1 500 Internal Server Error\r\n[\s\S]*\r\n\r\nxxxx/);
    expect(new Set(all.map((a) => a.event_id))).toEqual(new Set(tests));
    expect((await h.api(company).get(`/webhooks/endpoints/${ep.id}/attempts?offset=nope`)).body.detail).toBe('offset: unknown attempt "nope".');
  });
});
