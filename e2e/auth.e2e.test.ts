import { availableModes, startStack, type Stack } from './support/stack';
import { client } from './support/client';
import { domesticConsignment } from './support/fixtures';

describe.each(availableModes())('authentication, tenancy and paths (%s)', (mode) => {
  let stack: Stack;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    stack = await startStack(mode);
    api = client(stack);
  });
  afterAll(async () => stack?.stop());

  it('accepts an API token, with the keyword in any case', async () => {
    expect((await api.get('/carriers')).status).toBe(200);
    expect((await api.get('/carriers', { auth: { header: `Token ${stack.creds.apiToken}` } })).status).toBe(200);
    expect((await api.get('/carriers', { auth: { header: `TOKEN ${stack.creds.apiToken}` } })).status).toBe(200);
  });

  it('accepts Basic credentials of a company user', async () => {
    expect((await api.get('/carriers', { auth: 'basic' })).status).toBe(200);
  });

  it.each([
    ['no credentials', 'none' as const],
    ['a wrong token', { header: 'token not-a-real-token' }],
    ['a wrong password', { header: `Basic ${Buffer.from('demo:wrong').toString('base64')}` }],
    ['an unknown scheme', { header: 'Bearer something' }],
  ])('answers 401 with WWW-Authenticate: Basic for %s', async (_label, auth) => {
    const res = await api.get('/consignments', { auth });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Basic');
    expect(typeof res.body.detail).toBe('string');
  });

  it('refuses a delivery-options key on the consignments API', async () => {
    const res = await api.get('/carriers', { auth: { header: `token ${stack.creds.deliveryOptionsKey}` } });
    expect(res.status).toBe(401);
  });

  it('answers 403 for valid credentials used on another company slug', async () => {
    const other = client(stack, '/_api/v1/company/someone-else');
    const res = await other.get('/consignments');
    expect(res.status).toBe(403);
    expect(res.body.detail).toEqual(expect.any(String));
    const write = await other.post('/consignments', [domesticConsignment()]);
    expect(write.status).toBe(403);
  });

  it.each(['/_api/v1', '/api/v1', '/v1'])('serves the routes under %s with and without a trailing slash', async (prefix) => {
    const base = `${prefix}/company/${stack.creds.company}`;
    expect((await api.get(`${base}/carriers`)).status).toBe(200);
    expect((await api.get(`${base}/carriers/`)).status).toBe(200);
    expect((await api.get(`${base}/consignments/`)).status).toBe(200);
  });

  it('answers 404 with detail for an unknown path, once authenticated', async () => {
    const res = await api.get('/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found.' });
  });

  it('answers 405 for a method a path does not support', async () => {
    const res = await api.call('PATCH', '/consignments', { body: {} });
    expect(res.status).toBe(405);
    expect(res.body.detail).toEqual(expect.any(String));
  });

  it('answers 415 for a body that is not JSON and 400 for malformed JSON', async () => {
    const res = await api.call('POST', '/consignments', { raw: 'order_number=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(415);
    expect(res.body.detail).toEqual(expect.any(String));
    const bad = await api.call('POST', '/consignments', { raw: '[{"order_number":', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toEqual(expect.any(String));
  });

  it('answers 413 for a body over 5 MiB', async () => {
    const big = JSON.stringify([{ order_number: 'x'.repeat(5 * 1024 * 1024 + 10) }]);
    const res = await api.call('POST', '/consignments', { raw: big, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(res.body.detail).toEqual(expect.any(String));
  });

  it('serves version, health, readiness, metrics and the API reference without credentials', async () => {
    const version = await api.get('/version', { auth: 'none' });
    expect(version.status).toBe(200);
    expect(version.body).toEqual({ version: expect.stringMatching(/^\d+\.\d+\.\d+/), commit: expect.any(String) });
    expect(version.headers.get('waybill-version')).toBe(version.body.version);
    expect((await api.get('/consignments')).headers.get('waybill-version')).toBe(version.body.version);
    expect((await api.get('/healthz', { auth: 'none' })).status).toBe(200);
    expect((await api.get('/readyz', { auth: 'none' })).status).toBe(200);
    const metrics = await api.get('/metrics', { auth: 'none' });
    expect(metrics.status).toBe(200);
    expect(metrics.text).toContain('waybill_http_requests_total');
    const doc = await api.get('/openapi.json', { auth: 'none' });
    expect(doc.body.openapi).toBe('3.1.0');
    expect(Object.keys(doc.body.paths).join(' ')).toContain('/consignments');
    const docs = await api.get('/docs', { auth: 'none' });
    expect(docs.status).toBe(200);
    expect(docs.text).toContain('swagger-ui');
  });
});

describe('rate limiting (one-process)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('one-process', { RATE_LIMIT_PER_MINUTE: '5' });
  });
  afterAll(async () => stack?.stop());

  it('answers 429 with Retry-After once a credential spends its budget', async () => {
    const api = client(stack);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 7; i++) {
      last = await api.get('/carriers');
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[6]).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last!.body.detail).toEqual(expect.any(String));
  });
});
