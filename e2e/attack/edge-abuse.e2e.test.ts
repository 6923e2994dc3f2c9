import { availableModes, startStack, type Stack } from '../support/stack';
import { client } from '../support/client';
import { domesticConsignment } from '../support/fixtures';
import { loopbackAddress, rawRequest, type RawRequest, type RawResponse } from '../support/raw-http';
import { signPush } from '@waybill/testing';

const MiB = 1024 * 1024;
const JSON_TYPE = 'Content-Type: application/json';

/**
 * Attack drill: what hostile clients send at the edge (oversized, deeply nested, malformed and
 * mislabelled bodies, header injection, oversized headers, path traversal, credential stuffing) gets
 * a 4xx with a JSON `detail`, changes nothing, and leaves the stack serving.
 */
describe.each(availableModes())('hostile requests at the edge (%s)', (mode) => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let consignment = '';
  beforeAll(async () => {
    stack = await startStack(mode, { WEBHOOK_ALLOW_PRIVATE: '0' });
    api = client(stack);
    consignment = (await api.post('/consignments', [domesticConsignment()])).body.success[0];
  }, 180_000);
  afterAll(async () => stack?.stop());
  jest.setTimeout(120_000);

  const company = '/_api/v1/company/demo-co';
  const token = () => `Authorization: token ${stack.creds.apiToken}`;
  const basic = (password: string) => `Authorization: Basic ${Buffer.from(`${stack.creds.user}:${password}`).toString('base64')}`;
  const send = (r: RawRequest) => rawRequest(stack.baseUrl, r);
  const countOf = async () => (await api.get('/consignments?limit=1')).body.count as number;
  const expectDetail = (res: RawResponse, status: number, what: string) => {
    expect({ what, status: res.status, detail: typeof res.json?.detail }).toEqual({ what, status, detail: 'string' });
  };

  /** Every public endpoint that takes a JSON body, with the credential it needs. */
  const writes = (): Array<{ method: string; path: string; auth: string[] }> => [
    { method: 'POST', path: `${company}/consignments`, auth: [token()] },
    { method: 'PUT', path: `${company}/consignment/${consignment}`, auth: [token()] },
    { method: 'POST', path: `${company}/manifest`, auth: [token()] },
    { method: 'POST', path: `${company}/webhooks/endpoints`, auth: [token()] },
    { method: 'POST', path: `${company}/delivery-rules`, auth: [token()] },
    { method: 'PUT', path: '/v1/company/demo-co/delivery-settings/', auth: [token()] },
    { method: 'POST', path: '/api/2.0.0/company/demo-co/delivery_options/', auth: [`Authorization: Api-Key ${stack.creds.deliveryOptionsKey}`] },
    { method: 'POST', path: '/console/api/session', auth: [] },
  ];
  /** The carrier push is authenticated by a signature over the very bytes sent. */
  const push = (body: string | Buffer): RawRequest => ({
    method: 'POST', path: '/ingest/v1/carriers/generic/tracking', body, headers: [JSON_TYPE, `X-Waybill-Signature: ${signPush(stack.creds.carrierSecret, body)}`],
  });

  it('answers 413 with detail for a body over 5 MiB, with Content-Length or chunked without one', async () => {
    const big = JSON.stringify([{ order_number: 'x'.repeat(5 * MiB) }]);
    const before = await countOf();
    for (const w of writes()) {
      const sized = await send({ method: w.method, path: w.path, headers: [...w.auth, JSON_TYPE], body: big });
      expectDetail(sized, 413, `${w.path} sized`);
      expect(sized.json.detail).toMatch(/^Request body is too large \(limit (5 MiB|16 KiB)\)\.$/);
      const chunks = Array.from({ length: 6 }, () => Buffer.alloc(MiB, 0x20));
      expectDetail(await send({ method: w.method, path: w.path, headers: [...w.auth, JSON_TYPE], chunks }), 413, `${w.path} chunked`);
    }
    expectDetail(await send(push(big)), 413, 'carrier push');
    expect(await countOf()).toBe(before);
    // Exactly the limit is still a body: refused for what it says, not for its size.
    const atLimit = `[${' '.repeat(5 * MiB - 2)}]`;
    expectDetail(await send({ method: 'POST', path: `${company}/consignments`, headers: [token(), JSON_TYPE], body: atLimit }), 400, 'at the limit');
  });

  it.each([
    ['arrays', '['.repeat(100_000) + ']'.repeat(100_000)],
    ['objects', '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000)],
    ['a nest inside a field', `[{"order_number":"n","options":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}]`],
  ])('answers 400 with detail for 100,000 nested %s on every JSON endpoint, and keeps serving', async (_label, body) => {
    for (const w of writes()) {
      // The console's sign-in takes 16 KiB at most: too large before it is too deep.
      const refusal = w.path === '/console/api/session' ? 413 : 400;
      expectDetail(await send({ method: w.method, path: w.path, headers: [...w.auth, JSON_TYPE], body }), refusal, w.path);
    }
    expectDetail(await send(push(body)), 400, 'carrier push');
    expect((await api.get('/consignments')).status).toBe(200);
  });

  it('answers 400 for invalid JSON and 415 for a body that is not JSON, creating nothing', async () => {
    const before = await countOf();
    for (const w of writes()) {
      const headers = [...w.auth];
      for (const bad of ['{"a":', '[{"order_number": "x",}]', "{'a': 1}", 'NaN', '[]\u0000']) {
        const res = await send({ method: w.method, path: w.path, headers: [...headers, JSON_TYPE], body: bad });
        expectDetail(res, 400, `${w.path} ${JSON.stringify(bad)}`);
      }
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml']) {
        expectDetail(await send({ method: w.method, path: w.path, headers: [...headers, `Content-Type: ${type}`], body: '[]' }), 415, `${w.path} ${type}`);
      }
      expectDetail(await send({ method: w.method, path: w.path, headers, body: '[]' }), 415, `${w.path} without a type`);
    }
    expectDetail(await send(push('{"trackings": [')), 400, 'carrier push');
    expect(await countOf()).toBe(before);
  });

  it.each([
    ['a bare CR in Idempotency-Key', 'Idempotency-Key: abc\rX-Injected: yes'],
    ['a bare LF in Idempotency-Key', 'Idempotency-Key: abc\nX-Injected: yes'],
    ['a NUL in Idempotency-Key', 'Idempotency-Key: abc\u0000X-Injected: yes'],
    ['a bare CR in X-Request-Id', 'X-Request-Id: abc\rSet-Cookie: session=stolen'],
    ['a bare LF in X-Request-Id', 'X-Request-Id: abc\nSet-Cookie: session=stolen'],
  ])('refuses %s with 400 and detail, creating nothing', async (_label, header) => {
    const before = await countOf();
    const res = await send({ method: 'POST', path: `${company}/consignments`, headers: [token(), JSON_TYPE, header], body: JSON.stringify([domesticConsignment()]) });
    expectDetail(res, 400, header);
    expect(res.head.toLowerCase()).not.toMatch(/x-injected|set-cookie/);
    expect(await countOf()).toBe(before);
  });

  it('never reflects a client X-Request-Id that could split or smuggle a header', async () => {
    for (const id of ['abc def', 'é', '<script>', 'a'.repeat(101), 'a%0d%0aSet-Cookie:x']) {
      const res = await send({ method: 'GET', path: `${company}/carriers`, headers: [token(), `X-Request-Id: ${id}`] });
      expect(res.status).toBe(200);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const kept = await send({ method: 'GET', path: `${company}/carriers`, headers: [token(), 'X-Request-Id: trace-123.abc'] });
    expect(kept.headers['x-request-id']).toBe('trace-123.abc');
  });

  it('answers 431 with detail for oversized headers, 400 for an overlong Idempotency-Key, and keeps serving', async () => {
    expectDetail(await send({ method: 'GET', path: `${company}/carriers`, headers: [token(), `X-Padding: ${'p'.repeat(20_000)}`] }), 431, 'one giant header');
    const many = Array.from({ length: 2000 }, (_, i) => `X-H${i}: ${'v'.repeat(10)}`);
    expectDetail(await send({ method: 'GET', path: `${company}/carriers`, headers: [token(), ...many] }), 431, 'many headers');
    expectDetail(await send({ method: 'GET', path: `${company}/consignment/${'a'.repeat(20_000)}`, headers: [token()] }), 431, 'a giant URL');
    const body = JSON.stringify([domesticConsignment()]);
    expectDetail(await send({ method: 'POST', path: `${company}/consignments`, headers: [token(), JSON_TYPE, `Idempotency-Key: ${'k'.repeat(4000)}`], body }), 400, 'long key');
    expect((await api.get('/carriers')).status).toBe(200);
  });

  it.each([
    `${company}/consignment/..%2f..%2fconsignments`, `${company}/consignment/%2e%2e/%2e%2e/consignments`, `${company}/consignment/..%5c..%5cconsignments`,
    `${company}/consignment/%252e%252e%252fconsignments`, `${company}/consignment/%c0%ae%c0%ae%c0%afconsignments`, `${company}/../other-co/consignments`,
    `${company}/consignment/..;/consignments`, `${company}/consignment/%00`, `${company}/consignment/x%00y/documents`, `${company}/webhooks/endpoints/..%2F..%2Fendpoints`,
    `${company}/manifest/%2e%2e%2f/documents`, '/_api/v1/company/demo-co%2f..%2fother-co/consignments', '/_api/v1/company/%2e%2e/consignments',
    '/console/..%2f..%2fpackage.json', '/console/%2e%2e/%2e%2e/package.json', '/console/assets/..%2f..%2f..%2f..%2fetc%2fpasswd', '/docs/..%2f..%2fpackage.json',
    '/ingest/v1/carriers/..%2fgeneric/tracking', '/ingest/v1/carriers/%/tracking', '/pod/v1/documents/..%2f..%2fetc%2fpasswd',
  ])('keeps %s inside its route: a 4xx with detail, nothing served from elsewhere', async (path) => {
    const res = await send({ method: 'GET', path, headers: [token()] });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.json?.detail).toEqual(expect.any(String));
    expect(res.text).not.toMatch(/"dependencies"|root:x:0:0|"results"/);
  });

  /**
   * The failure budget lives in fixed one-minute windows: a run of guesses that straddles a window's end
   * would start afresh halfway, so such a run is done again, from a new address, in the next window.
   */
  async function guessesFromOneAddress(guess: (from: string, i: number) => Promise<RawResponse>, count: number): Promise<{ from: string; responses: RawResponse[] }> {
    const windowNow = () => Math.floor(Date.now() / 60_000);
    for (;;) {
      const [from, started, responses] = [loopbackAddress(), windowNow(), [] as RawResponse[]];
      for (let i = 0; i < count; i++) responses.push(await guess(from, i));
      if (windowNow() === started) return { from, responses };
    }
  }

  it('throttles credential stuffing from one address: 429 with Retry-After, and the right password too until the window ends', async () => {
    const { from, responses } = await guessesFromOneAddress((at, i) => send({ method: 'GET', path: `${company}/consignments`, headers: [basic(`guess-${i}`)], from: at }), 40);
    const statuses = responses.map((r) => r.status);
    const throttled = responses[39];
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(throttled.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(throttled.json).toEqual({ detail: expect.any(String) });

    // The right password is not even checked from that address, so the guesser cannot tell it apart...
    expect((await send({ method: 'GET', path: `${company}/consignments`, headers: [basic(stack.creds.password)], from })).status).toBe(429);
    const signIn = await send({ method: 'POST', path: '/console/api/session', headers: [JSON_TYPE], body: JSON.stringify({ username: stack.creds.user, password: stack.creds.password }), from });
    expect([signIn.status, signIn.headers['retry-after'] !== undefined]).toEqual([429, true]);
    // ...while an API token (not guessable) still works from there, and the user still signs in from elsewhere.
    expect((await send({ method: 'GET', path: `${company}/consignments`, headers: [token()], from })).status).toBe(200);
    expect((await send({ method: 'GET', path: `${company}/consignments`, headers: [basic(stack.creds.password)], from: loopbackAddress() })).status).toBe(200);
  });

  it('throttles password guessing through the console sign-in the same way', async () => {
    const signIn = (from: string, i: number) => send({ method: 'POST', path: '/console/api/session', headers: [JSON_TYPE], body: JSON.stringify({ username: stack.creds.user, password: `guess-${i}` }), from });
    const { responses } = await guessesFromOneAddress(signIn, 32);
    expect(responses.map((r) => r.status)).toEqual([...Array(30).fill(401), 429, 429]);
    expect(responses[31].json).toEqual({ detail: expect.any(String) });
  });
});
