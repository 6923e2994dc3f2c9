import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { AccountRateLimiter, CarrierHttpClient, CircuitBreaker, withCarrierCallSink, type CarrierCallRecord } from './index';
import { CarrierCircuitOpen } from './errors';

let server: Server;
let base: string;
let answers: Array<[number, string]> = [];

beforeAll(async () => {
  server = createServer((_req, res) => {
    const [status, body] = answers.shift() ?? [200, '{"ok":true}'];
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

const lines: Record<string, unknown>[] = [];
const logger = pino({ level: 'info' }, { write: (s: string) => lines.push(JSON.parse(s)) });
const client = (breaker = new CircuitBreaker({ failureThreshold: 1, openMs: 60_000 })) => new CarrierHttpClient({
  carrier: 'testcarrier', carrierName: 'TestCarrier', baseUrl: base, timeoutMs: 2000, retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 },
  breaker, limiter: new AccountRateLimiter({ perSecond: 1000, burst: 100 }), errorCode: (b) => (b as { code?: string })?.code, logger,
});
const ship = {
  operation: 'ship', method: 'POST' as const, path: '/ship', query: { v: '2' }, idempotent: false, account: 'acc-1',
  headers: { authorization: 'Bearer secret-token' }, body: { to: 'Jane' },
};

describe('the call log hook of the outbound client', () => {
  it('hands each attempt made inside a scope to its sink: what was sent and received, never a header', async () => {
    answers = [[400, '{"code":"E42","message":"bad postcode"}']];
    const seen: CarrierCallRecord[] = [];
    const answer = await withCarrierCallSink((c) => seen.push(c), () => client().send(ship));
    expect(answer.status).toBe(400);
    expect(seen).toEqual([expect.objectContaining({
      carrier: 'testcarrier', operation: 'ship', method: 'POST', url: `${base}/ship?v=2`, attempt: 1, status: 400, outcome: 'rejected',
      carrierCode: 'E42', error: null, request: { to: 'Jane' }, response: { code: 'E42', message: 'bad postcode' },
    })]);
    expect(JSON.stringify(seen)).not.toContain('secret-token');
  });

  it('records forms as their fields, calls that got no answer, and calls the open circuit never sent', async () => {
    const seen: CarrierCallRecord[] = [];
    const breaker = new CircuitBreaker({ failureThreshold: 1, openMs: 60_000 });
    const dead = new CarrierHttpClient({
      carrier: 'testcarrier', carrierName: 'TestCarrier', baseUrl: 'http://127.0.0.1:9', timeoutMs: 500, retry: { retries: 0, baseDelayMs: 1, maxDelayMs: 1 },
      breaker, limiter: new AccountRateLimiter({ perSecond: 1000, burst: 100 }), logger,
    });
    const form = { ...ship, body: new URLSearchParams({ grant_type: 'client_credentials' }) };
    await withCarrierCallSink((c) => seen.push(c), async () => {
      await expect(dead.send(form)).rejects.toThrow('TestCarrier unavailable');
      await expect(dead.send(form)).rejects.toBeInstanceOf(CarrierCircuitOpen);
    });
    expect(seen.map((c) => [c.outcome, c.status, c.request])).toEqual([
      ['network', null, { grant_type: 'client_credentials' }], ['circuit_open', null, { grant_type: 'client_credentials' }],
    ]);
    expect(seen[1].error).toMatch(/next attempt in/);
  });

  it('records nothing outside a scope, and a sink that throws never fails the call', async () => {
    expect((await client().send(ship)).status).toBe(200);
    const answer = await withCarrierCallSink(() => { throw new Error('log down'); }, () => client().send(ship));
    expect(answer.status).toBe(200);
    expect(lines.some((l) => l.msg === 'carrier call not recorded')).toBe(true);
  });
});
