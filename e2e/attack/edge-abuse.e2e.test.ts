import { randomInt } from 'node:crypto';
import { availableModes, startStack, type Stack } from '../support/stack';
import { client } from '../support/client';
import { domesticConsignment } from '../support/fixtures';
import { rawRequest, requestBytes } from '../support/raw-http';

const json = { 'content-type': 'application/json' };

/** Attack drill: what hostile clients send at the edge gets a clear 4xx with detail, and the stack stays up. */
describe.each(availableModes())('hostile requests at the edge (%s)', (mode) => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  const prefix = () => `/_api/v1/company/${stack.creds.company}`;
  const token = () => `Authorization: token ${stack.creds.apiToken}`;
  beforeAll(async () => {
    stack = await startStack(mode, { WEBHOOK_ALLOW_PRIVATE: '0' });
    api = client(stack);
  }, 180_000);
  afterAll(async () => stack?.stop());
  const stillServing = async () => expect((await api.get('/consignments')).status).toBe(200);

  it('throttles credential stuffing from one address with 429 and Retry-After, without affecting other clients', async () => {
    // A source address of its own, so neither this test nor a parallel suite shares the failure budget.
    const from = `127.${randomInt(1, 255)}.${randomInt(1, 255)}.${randomInt(2, 255)}`;
    const statuses: number[] = [];
    let throttled = '';
    for (let i = 0; i < 60; i++) {
      const basic = Buffer.from(`${stack.creds.user}:guess-${i}`).toString('base64');
      const res = await rawRequest(stack.baseUrl, requestBytes('GET', `${prefix()}/consignments`, [`Authorization: Basic ${basic}`]), from);
      statuses.push(res.status);
      if (res.status === 429) throttled = `${res.head}\n${res.body}`;
    }
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(30);
    expect(statuses.slice(-20)).toEqual(Array(20).fill(429));
    expect(throttled).toMatch(/retry-after: \d+/i);
    expect(JSON.parse(throttled.split('\n').pop()!)).toEqual({ detail: expect.any(String) });
    // The right password from that address is throttled too; everybody else still gets in.
    const right = Buffer.from(`${stack.creds.user}:${stack.creds.password}`).toString('base64');
    expect((await rawRequest(stack.baseUrl, requestBytes('GET', `${prefix()}/consignments`, [`Authorization: Basic ${right}`]), from)).status).toBe(429);
    await stillServing();
  });

  it.each([
    'https://localhost/hook', 'https://[::1]/hook', 'https://[::ffff:127.0.0.1]/hook', 'https://[::ffff:7f00:1]/hook',
    'https://0x7f000001/hook', 'https://2130706433/hook', 'https://017700000001/hook', 'https://127.1/hook',
    'https://0.0.0.0/hook', 'https://[::]/hook', 'https://169.254.169.254/latest/meta-data', 'https://100.64.0.1/hook',
    'https://[fd00::1]/hook', 'https://[fe80::1]/hook', 'https://192.168.1.1/hook', 'https://172.16.0.1/hook',
    'https://[64:ff9b::7f00:1]/hook', 'https://user:pw@93.184.216.34/hook', 'http://93.184.216.34/hook', 'file:///etc/passwd',
  ])('refuses the webhook target %s on create and on update', async (url) => {
    const created = await api.post('/webhooks/endpoints', { url });
    expect({ status: created.status, detail: created.body.detail }).toEqual({ status: 400, detail: expect.stringMatching(/^url: /) });
    const ok = await api.post('/webhooks/endpoints', { url: 'https://93.184.216.34/hook' });
    expect(ok.status).toBe(201);
    const patched = await api.call('PATCH', `/webhooks/endpoints/${ok.body.id}`, { body: { url } });
    expect({ status: patched.status, detail: patched.body.detail }).toEqual({ status: 400, detail: expect.stringMatching(/^url: /) });
    expect((await api.get(`/webhooks/endpoints/${ok.body.id}`)).body.url).toBe('https://93.184.216.34/hook');
    await api.del(`/webhooks/endpoints/${ok.body.id}`);
  });

  it.each(['/consignments', '/webhooks/endpoints', '/delivery-rules', '/manifest'])('answers 413 for a body over 5 MiB on %s', async (path) => {
    const res = await api.call('POST', path, { raw: JSON.stringify({ x: 'y'.repeat(5 * 1024 * 1024 + 1) }), headers: json });
    expect({ status: res.status, detail: typeof res.body?.detail }).toEqual({ status: 413, detail: 'string' });
  });

  it.each([
    ['arrays', '['.repeat(100_000) + ']'.repeat(100_000)],
    ['objects', '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000)],
  ])('answers 400, not a crash, for 100,000 nested %s on every writing endpoint', async (_label, raw) => {
    for (const [method, path] of [['POST', '/consignments'], ['POST', '/webhooks/endpoints'], ['POST', '/delivery-rules'], ['PUT', '/delivery-settings'], ['POST', '/manifest']]) {
      const res = await api.call(method, path, { raw, headers: json });
      expect({ path, status: res.status, detail: typeof res.body?.detail }).toEqual({ path, status: 400, detail: 'string' });
    }
    const quotes = await api.call('POST', `/api/2.0.0/company/${stack.creds.company}/delivery_options/`, { raw, headers: { ...json, authorization: `Api-Key ${stack.creds.deliveryOptionsKey}` } });
    expect(quotes.status).toBe(400);
    await stillServing();
  });

  it.each([
    ['CR/LF', 'Idempotency-Key: abc\r\nX-Injected: yes'.replace('\r\nX', '\rX')],
    ['a bare LF', 'Idempotency-Key: abc\nX-Injected: yes'],
    ['a NUL', 'Idempotency-Key: abc\u0000def'],
  ])('refuses an Idempotency-Key carrying %s with 400 and creates nothing', async (_label, header) => {
    const before = (await api.get('/consignments')).body.count;
    const body = JSON.stringify([domesticConsignment()]);
    const res = await rawRequest(stack.baseUrl, requestBytes('POST', `${prefix()}/consignments`, [token(), 'Content-Type: application/json', header], body));
    expect(res.status).toBe(400);
    expect(res.head.toLowerCase()).not.toContain('x-injected');
    expect((await api.get('/consignments')).body.count).toBe(before);
  });

  it('answers 431 for an overlong header and keeps serving', async () => {
    const res = await rawRequest(stack.baseUrl, requestBytes('GET', `${prefix()}/consignments`, [token(), `Idempotency-Key: ${'k'.repeat(64 * 1024)}`]));
    expect(res.status).toBe(431);
    await stillServing();
  });

  it('refuses an Idempotency-Key longer than any client needs with a 400 and detail', async () => {
    const res = await api.post('/consignments', [domesticConsignment()], { headers: { 'idempotency-key': 'k'.repeat(4000) } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.detail).toEqual(expect.any(String));
  });
});
