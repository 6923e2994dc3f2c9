import http, { type IncomingHttpHeaders, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InternalTokenSigner, verifyInternalToken } from '@waybill/internal-auth';
import { createLogger } from '@waybill/logger';
import type { Authenticator, Principal, Realm } from '../auth/authenticator';
import { MemoryRateLimiter } from '../ratelimit/rate-limiter';
import { fastLane } from './fast-lane';
import { proxyTargets, type EdgeDeps } from './public.routes';

/** What a service replica received. */
interface Received { path: string; headers: IncomingHttpHeaders; body: string }

const SECRET = 'fast-lane-secret';
const CREDENTIALS: Record<string, Principal> = {
  'consignments token acme-token': { company: 'acme', principal: 'token:1' },
  'delivery-options Api-Key acme-key': { company: 'acme', principal: 'key:1' },
};
const silent = createLogger('fast-lane-test', { level: 'silent' });

describe('the gateway fast lane', () => {
  const servers: http.Server[] = [];
  const received: Received[] = [];
  let fellBack: string[] = [];
  let base = '';
  let deps: EdgeDeps;

  async function listen(handler: RequestListener): Promise<string> {
    const server = http.createServer(handler);
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  beforeAll(async () => {
    const service = await listen((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ path: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString() });
        res.writeHead(201, { 'content-type': 'application/json', 'idempotent-replayed': 'true', 'x-internal': 'secret' }).end('{"ok":true}');
      });
    });
    const authenticator = {
      authenticate: async (header: string | undefined, realm: Realm) => CREDENTIALS[`${realm} ${header}`] ?? null,
    } as unknown as Authenticator;
    deps = {
      authenticator, limiter: new MemoryRateLimiter(1000), signer: new InternalTokenSigner(SECRET),
      targets: proxyTargets({ consignment: service, documents: service, 'delivery-options': service }),
    };
    // What express would do: here it only records that the request was handed over, body unread.
    const fallback: RequestListener = (req, res) => {
      fellBack.push(`${req.method} ${req.url}`);
      req.resume();
      res.writeHead(299).end('express');
    };
    base = await listen(fastLane(deps, fallback, silent));
  });

  afterAll(async () => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));
  beforeEach(() => {
    received.length = 0;
    fellBack = [];
  });

  /** A GET with the path exactly as written (fetch would resolve dot segments before sending). */
  const raw = (path: string, headers: Record<string, string>) => new Promise<[number, string]>((resolve, reject) => {
    const { hostname, port } = new URL(base);
    http.get({ hostname, port, path, headers }, (res) => {
      let text = '';
      res.on('data', (c) => { text += c; });
      res.on('end', () => resolve([res.statusCode!, text]));
    }).on('error', reject);
  });

  const token = { authorization: 'token acme-token' };
  const json = { ...token, 'content-type': 'application/json' };

  it('proxies an everyday call with the internal token, exact body, forwarded prefix and a request id', async () => {
    const res = await fetch(`${base}/_api/v1/company/acme/consignments/?limit=5&status=Allocated`, {
      method: 'POST', headers: { ...json, 'idempotency-key': 'k1', 'x-request-id': 'req-1', cookie: 'no' }, body: '[{"order_number": "A"}]',
    });
    expect([res.status, await res.json(), res.headers.get('x-request-id'), res.headers.get('idempotent-replayed'), res.headers.get('x-internal')])
      .toEqual([201, { ok: true }, 'req-1', 'true', null]);
    const [got] = received;
    expect(got.path).toBe('/companies/acme/consignments?limit=5&status=Allocated');
    expect(got.body).toBe('[{"order_number": "A"}]');
    expect(got.headers).toMatchObject({ 'idempotency-key': 'k1', 'x-request-id': 'req-1', 'x-forwarded-prefix': '/_api/v1/company/acme', 'x-forwarded-proto': 'http' });
    expect(got.headers.cookie).toBeUndefined();
    const bearer = String(got.headers.authorization).replace(/^Bearer /, '');
    expect(verifyInternalToken(SECRET, 'consignment', bearer)).toEqual({ company: 'acme', principal: 'token:1' });
    expect(fellBack).toEqual([]);
  });

  it('routes by the owning service under every prefix, and the checkout path with its key', async () => {
    await fetch(`${base}/v1/company/acme/consignment/abc123/documents?format=pdf`, { headers: token });
    await fetch(`${base}/api/v1/company/acme/consignment/abc123`, { headers: token });
    const quote = await fetch(`${base}/api/2.0.0/company/acme/delivery_options/`, {
      method: 'POST', headers: { authorization: 'Api-Key acme-key', 'content-type': 'application/json' }, body: '{}',
    });
    expect(quote.status).toBe(201);
    expect(received.map((r) => [r.path, verifyInternalToken(SECRET, audienceOf(r.path), String(r.headers.authorization).slice(7)).principal])).toEqual([
      ['/companies/acme/consignment/abc123/documents?format=pdf', 'token:1'],
      ['/companies/acme/consignment/abc123', 'token:1'],
      ['/companies/acme/delivery-options', 'key:1'],
    ]);
    expect(fellBack).toEqual([]);
  });

  const audienceOf = (path: string) => (path.endsWith('/documents?format=pdf') ? 'documents' : path.endsWith('/delivery-options') ? 'delivery-options' : 'consignment');

  it.each([
    ['Basic credentials (the lockout budget is checked first)', '/_api/v1/company/acme/consignments', { authorization: `Basic ${Buffer.from('u:p').toString('base64')}` }],
    ['no credentials', '/_api/v1/company/acme/consignments', {}],
    ['a credential that does not authenticate', '/_api/v1/company/acme/consignments', { authorization: 'token wrong' }],
    ['another tenant', '/_api/v1/company/other/consignments', token],
    ['a consignments token on the checkout path', '/api/2.0.0/company/acme/delivery_options', token],
    ['an unknown route', '/_api/v1/company/acme/nothing-here', token],
    ['a name inherited by every object', '/_api/v1/company/acme/constructor', token],
    ['a dot segment', '/_api/v1/company/acme/consignment/../consignments', token],
    ['an encoded segment', '/_api/v1/company/acme/consignment/%2e%2e', token],
    ['an empty segment', '/_api/v1/company/acme//consignments', token],
    ['two trailing slashes', '/_api/v1/company/acme/consignments//', token],
    ['a NUL in the query', '/_api/v1/company/acme/consignments?status=%00', token],
    ['another case of the prefix', '/_API/v1/company/acme/consignments', token],
    ['the company prefix alone', '/_api/v1/company/acme', token],
    ['the console and the docs', '/console/', token],
  ])('hands %s to express, untouched', async (_what, path, headers) => {
    expect(await raw(path, headers as Record<string, string>)).toEqual([299, 'express']);
    expect(received).toEqual([]);
  });

  it.each([
    ['a write that is not JSON', { ...token, 'content-type': 'text/plain' }, 'hello'],
    ['a write without a content type', token, '{}'],
  ])('hands %s to express (415 there)', async (_what, headers, body) => {
    const res = await fetch(`${base}/_api/v1/company/acme/consignments`, { method: 'POST', headers, body });
    expect(res.status).toBe(299);
    expect(received).toEqual([]);
  });

  it('hands a body over the 5 MiB limit, or one without a length, to express (413 and streaming there)', async () => {
    const big = await fetch(`${base}/_api/v1/company/acme/consignments`, { method: 'POST', headers: json, body: 'x'.repeat(5 * 1024 * 1024 + 1) });
    const chunked = await fetch(`${base}/_api/v1/company/acme/consignments`, {
      method: 'POST', headers: json, duplex: 'half', body: new ReadableStream({ start: (c) => { c.enqueue(new TextEncoder().encode('[]')); c.close(); } }),
    } as RequestInit);
    expect([big.status, chunked.status]).toEqual([299, 299]);
    expect(fellBack).toEqual(['POST /_api/v1/company/acme/consignments', 'POST /_api/v1/company/acme/consignments']);
  });

  it('counts each proxied call against the credential and answers 429 with Retry-After past the budget', async () => {
    const original = deps.limiter;
    deps.limiter = new MemoryRateLimiter(2);
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await fetch(`${base}/_api/v1/company/acme/consignments`, { headers: token })).status);
      const refused = await fetch(`${base}/_api/v1/company/acme/consignments`, { headers: token });
      expect(statuses).toEqual([201, 201, 429]);
      expect([refused.status, Number(refused.headers.get('retry-after')) > 0, await refused.json()]).toEqual([429, true, { detail: 'Request was throttled.' }]);
      expect(received).toHaveLength(2);
      // Requests handed over were never counted here (express counts them itself).
      await fetch(`${base}/_api/v1/company/acme/nothing-here`, { headers: token });
      expect(fellBack).toEqual(['GET /_api/v1/company/acme/nothing-here']);
    } finally {
      deps.limiter = original;
    }
  });
});
