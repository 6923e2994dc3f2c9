import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { captureSpans, metricsRegistry } from '@waybill/telemetry';
import { AccountRateLimiter, CarrierHttpClient, CircuitBreaker, carrierBaseUrl, carrierTimeoutMs, parseRetryAfter, retryDelay } from './index';
import { rateLimitOf } from './client-factory';
import { CarrierCircuitOpen, CarrierNetworkError, CarrierTimeout, CarrierUnavailable } from './errors';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let server: Server;
let base: string;
let handlers: Handler[] = [];
let hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    (handlers.shift() ?? ((_q, r) => r.end('{"ok":true}')))(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));
beforeEach(() => { handlers = []; hits = []; });

const lines: Record<string, unknown>[] = [];
const logger = pino({ level: 'info' }, { write: (s: string) => lines.push(JSON.parse(s)) });

function client(over: Partial<ConstructorParameters<typeof CarrierHttpClient>[0]> = {}) {
  return new CarrierHttpClient({
    carrier: 'testcarrier', carrierName: 'TestCarrier', baseUrl: base, timeoutMs: 2000,
    retry: { retries: 2, baseDelayMs: 1, maxDelayMs: 2000 },
    breaker: new CircuitBreaker({ failureThreshold: 3, openMs: 60_000 }),
    limiter: new AccountRateLimiter({ perSecond: 1000, burst: 100 }),
    errorCode: (b) => (b as { code?: string })?.code, logger, ...over,
  });
}
const status = (code: number, headers: Record<string, string> = {}, body = '{"code":"E1"}'): Handler => (_q, r) => { r.writeHead(code, headers); r.end(body); };
const get = { operation: 'track', method: 'GET' as const, path: '/track/1Z', idempotent: true, account: 'acc-1' };
const post = { operation: 'ship', method: 'POST' as const, path: '/ship', idempotent: false, account: 'acc-1', body: { a: 1 } };

describe('CarrierHttpClient', () => {
  it('retries a safe call after 5xx and 429, honouring Retry-After, and answers the final response', async () => {
    handlers = [status(503), status(429, { 'retry-after': '0' }), (_q, r) => r.end('{"done":1}')];
    const answer = await client().send(get);
    expect(answer).toMatchObject({ status: 200, body: { done: 1 } });
    expect(hits).toHaveLength(3);
  });

  it('never repeats a call that is not safe to repeat: a 5xx booking is reported as unavailable', async () => {
    handlers = [status(500), status(200)];
    await expect(client().send(post)).rejects.toThrow(new CarrierUnavailable('TestCarrier', 500));
    expect(hits).toHaveLength(1);
  });

  it('returns a 429 without waiting when Retry-After is longer than allowed', async () => {
    handlers = [status(429, { 'retry-after': '3600' })];
    expect((await client().send(get)).status).toBe(429);
    expect(hits).toHaveLength(1);
  });

  it('returns 4xx answers with their body for the adapter to read', async () => {
    handlers = [status(400, {}, '{"code":"120802"}')];
    expect(await client().send(post)).toMatchObject({ status: 400, body: { code: '120802' } });
  });

  it('times out each attempt and says after how long', async () => {
    handlers = [() => undefined];
    const err = await client({ timeoutMs: 150 }).send(post).catch((e) => e);
    expect(err).toBeInstanceOf(CarrierTimeout);
    expect(err.message).toMatch(/^TestCarrier timed out after 0\.\d s$/);
    expect(err.mayHaveReachedCarrier).toBe(true);
  });

  it('reports a reset connection as unavailable, retrying it only when safe', async () => {
    handlers = [(q) => q.socket.destroy(), (q) => q.socket.destroy()];
    await expect(client().send(post)).rejects.toBeInstanceOf(CarrierNetworkError);
    expect(hits).toHaveLength(1);
    handlers = [(q) => q.socket.destroy()];
    expect((await client().send(get)).status).toBe(200);
  });

  it('opens the breaker after repeated failures, fails fast, then closes after a successful probe', async () => {
    let now = 1_000;
    const breaker = new CircuitBreaker({ failureThreshold: 3, openMs: 10_000, now: () => now });
    const c = client({ breaker, retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 } });
    handlers = [status(500), status(502), status(503)];
    for (let i = 0; i < 3; i++) await expect(c.send(get)).rejects.toBeInstanceOf(CarrierUnavailable);
    await expect(c.send(get)).rejects.toBeInstanceOf(CarrierCircuitOpen);
    expect(hits).toHaveLength(3);
    now += 10_000;
    handlers = [status(200, {}, '{}')];
    expect((await c.send(get)).status).toBe(200);
    expect(breaker.current).toBe('closed');
  });

  it('a failed probe opens the breaker again; 4xx answers never open it', async () => {
    let now = 0;
    const breaker = new CircuitBreaker({ failureThreshold: 1, openMs: 1000, now: () => now });
    const c = client({ breaker, retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 } });
    handlers = [status(400), status(401), status(500)];
    await c.send(get);
    await c.send(get);
    expect(breaker.current).toBe('closed');
    await expect(c.send(get)).rejects.toBeInstanceOf(CarrierUnavailable);
    now += 1000;
    handlers = [status(500)];
    await expect(c.send(get)).rejects.toBeInstanceOf(CarrierUnavailable);
    expect(breaker.current).toBe('open');
  });

  it('logs method, path, status, duration and the carrier code, never headers, query or body', async () => {
    lines.length = 0;
    handlers = [status(400, {}, '{"code":"250002","message":"secret-ish"}')];
    await client().send({ ...post, headers: { authorization: 'Basic c2VjcmV0' }, query: { postcode: 'SW1A 1AA' }, body: { Name: 'Jane Doe' } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ method: 'POST', path: '/ship', status: 400, carrier_code: '250002', operation: 'ship' });
    expect(typeof lines[0].duration_ms).toBe('number');
    const text = JSON.stringify(lines);
    for (const secret of ['c2VjcmV0', 'Jane Doe', 'SW1A', 'secret-ish']) expect(text).not.toContain(secret);
  });

  it('counts every attempt per carrier, operation and outcome, with a duration histogram and a span', async () => {
    const spans = captureSpans();
    handlers = [status(503), status(200, {}, '{}')];
    await client().send({ ...get, operation: 'metrics_probe' });
    const names = spans.spans().map((s) => [s.name, s.attributes['http.response.status_code']]);
    spans.stop();
    expect(names).toEqual([['testcarrier metrics_probe', 503], ['testcarrier metrics_probe', 200]]);
    const text = await metricsRegistry.metrics();
    expect(text).toMatch(/waybill_carrier_requests_total\{carrier="testcarrier",operation="metrics_probe",outcome="unavailable"\} 1/);
    expect(text).toMatch(/waybill_carrier_requests_total\{carrier="testcarrier",operation="metrics_probe",outcome="ok"\} 1/);
    expect(text).toMatch(/waybill_carrier_request_duration_seconds_count\{carrier="testcarrier",operation="metrics_probe"\} 2/);
  });
});

describe('pacing, retry timing and configuration', () => {
  it('paces each account separately, allowing a burst', () => {
    let now = 0;
    const limiter = new AccountRateLimiter({ perSecond: 10, burst: 2, now: () => now });
    expect([limiter.reserve('a'), limiter.reserve('a'), limiter.reserve('a')]).toEqual([0, 0, 100]);
    expect(limiter.reserve('b')).toBe(0);
    now = 1000;
    expect(limiter.reserve('a')).toBe(0);
  });

  it('reads Retry-After as seconds or a date, and adds jitter', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    const opts = { retries: 2, baseDelayMs: 100, maxDelayMs: 5000 };
    expect(retryDelay(1, 1000, { ...opts, random: () => 1 })).toBe(1100);
    expect(retryDelay(1, 6000, opts)).toBeUndefined();
    expect(retryDelay(3, undefined, { ...opts, random: () => 0.5 })).toBe(200);
  });

  it('takes the host from CARRIER_BASE_URL_<CARRIER> over test and production hosts; timeout from CARRIER_TIMEOUT_MS', () => {
    const hosts = { test: 'https://test.example', production: 'https://prod.example/' };
    expect(carrierBaseUrl('ups', hosts, true, {})).toBe('https://test.example');
    expect(carrierBaseUrl('ups', hosts, false, {})).toBe('https://prod.example');
    expect(carrierBaseUrl('ups', hosts, false, { CARRIER_BASE_URL_UPS: 'http://127.0.0.1:9/' })).toBe('http://127.0.0.1:9');
    expect(carrierTimeoutMs({})).toBe(15_000);
    expect(carrierTimeoutMs({ CARRIER_TIMEOUT_MS: '2500' })).toBe(2500);
    expect(() => carrierTimeoutMs({ CARRIER_TIMEOUT_MS: 'soon' })).toThrow(/CARRIER_TIMEOUT_MS/);
  });

  it('takes the per-account pace from CARRIER_RATE_LIMIT_<CARRIER> when the carrier granted more', () => {
    const profile = { identifier: 'ups', name: 'UPS', hosts: { test: '', production: '' }, rateLimit: { perSecond: 10, burst: 20 } };
    expect(rateLimitOf(profile, {})).toEqual({ perSecond: 10, burst: 20 });
    expect(rateLimitOf(profile, { CARRIER_RATE_LIMIT_UPS: '50/5' })).toEqual({ perSecond: 50, burst: 5 });
    expect(rateLimitOf(profile, { CARRIER_RATE_LIMIT_UPS: '2.5' })).toEqual({ perSecond: 2.5, burst: 5 });
    expect(() => rateLimitOf(profile, { CARRIER_RATE_LIMIT_UPS: 'fast' })).toThrow(/CARRIER_RATE_LIMIT_UPS/);
  });
});
