import { request } from 'node:http';
import { eventually, sendPush, trackingBody } from '@waybill/testing';
import { availableModes, startStack, type Mode, type Stack } from '@waybill/testing/stacks';
import type { Benchmark, BenchRow } from './lib/types';
import { companyApi } from './lib/company-api';

/** Requests in flight, and how long each phase runs (`BENCH_RETURNS_PAGE_SECONDS`). */
const IN_FLIGHT = 8;
const SECONDS = Number(process.env.BENCH_RETURNS_PAGE_SECONDS ?? 6);
const RECIPIENT = { name: 'Bench Recipient', address: { address1: '1 High Street', city: 'Manchester', postcode: 'M1 1AA', country: 'GB' } };

/**
 * One request to the gateway from its own loopback address (127.1.x.y, all of 127/8 is local on Linux), so
 * the page's per-address budget, there for people, does not stop the benchmark. Answers status and body.
 */
function send(stack: Stack, n: number, method: string, path: string, form?: Record<string, string>): Promise<{ status: number; body: string }> {
  const url = new URL(path, stack.baseUrl);
  const body = form ? new URLSearchParams(form).toString() : undefined;
  const localAddress = `127.1.${Math.floor(n / 250) % 250 + 1}.${n % 250 + 1}`;
  return new Promise((resolve, reject) => {
    const req = request({
      host: url.hostname, port: url.port, path: url.pathname, method, localAddress, agent: false,
      headers: body ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) } : {},
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Runs `one(n)` from IN_FLIGHT workers for `seconds`: requests per second and mean latency (ms); fails on an unexpected answer. */
async function phase(one: (n: number) => Promise<boolean>, from: number, seconds: number): Promise<{ perSecond: number; meanMs: number; next: number }> {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  let next = from;
  let spent = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (performance.now() < until) {
      const t = performance.now();
      if (!(await one(next++))) throw new Error('an unexpected answer: the figures would not compare like with like');
      spent += performance.now() - t;
      done++;
    }
  }));
  return { perSecond: done / ((performance.now() - started) / 1000), meanMs: spent / done, next };
}

/**
 * The returns page's order match (POST /returns/{company}: the items page of a delivered order) next to the
 * page's form (GET, the same gateway route, service, branding call and rendering, no match), in one stack; and the
 * mean time of a wrong postcode next to an unknown order number, which must not tell them apart.
 */
async function measure(mode: Mode): Promise<BenchRow[]> {
  const stack = await startStack(mode, { RATE_LIMIT_PER_MINUTE: '1000000' });
  try {
    const call = companyApi(stack);
    const made = await call('POST', '/consignments', [{ order_number: 'RP-1', service_id: 'Generic Carrier|Generic Domestic Service GDOM', recipient: RECIPIENT,
      packages: [{ weight: 1, items: [{ name: 'Linen shirt', sku: 'SHIRT-M', quantity: 2, value: 30 }] }] }]);
    const c = (await call('GET', `/consignment/${made.body.success[0]}`)).body;
    const at = new Date(Date.now() - 3_600_000).toISOString().slice(0, 19);
    await sendPush(stack.baseUrl, 'generic', stack.creds.carrierSecret, trackingBody({ [c.packages[0].tracking_number]: [{ status: 'DELIVERED', timestamp: at }] }));
    await eventually(async () => (await call('GET', `/consignment/${c.identifier}`)).body.current_status.status === 'Delivered', { timeoutMs: 30_000, what: 'Delivered' });
    const path = `/returns/${stack.creds.company}`;
    const token = /name="token" value="([^"]+)"/.exec((await send(stack, 0, 'GET', path)).body)![1];
    const form = async (n: number) => (await send(stack, n, 'GET', path)).status === 200;
    const match = async (n: number) => (await send(stack, n, 'POST', path, { token, order: 'RP-1', postcode: 'm1 1aa' })).status === 200;
    const wrongPostcode = async (n: number) => (await send(stack, n, 'POST', path, { token, order: 'RP-1', postcode: 'M1 1AB' })).status === 404;
    const unknownOrder = async (n: number) => (await send(stack, n, 'POST', path, { token, order: 'RP-404', postcode: 'M1 1AA' })).status === 404;
    let n = 1;
    const run = async (one: (n: number) => Promise<boolean>) => {
      const got = await phase(one, n, SECONDS / 2);
      n = got.next;
      return got;
    };
    const [f1, m1, w1, u1] = [await run(form), await run(match), await run(wrongPostcode), await run(unknownOrder)];
    const [u2, w2, m2, f2] = [await run(unknownOrder), await run(wrongPostcode), await run(match), await run(form)];
    const forms = (f1.perSecond + f2.perSecond) / 2;
    const matches = (m1.perSecond + m2.perSecond) / 2;
    const wrong = (w1.meanMs + w2.meanMs) / 2;
    const unknown = (u1.meanMs + u2.meanMs) / 2;
    return [
      {
        name: `returns page order match (${mode}, ${IN_FLIGHT} in flight)`, metric: 'throughput', value: matches, unit: 'req/s',
        baseline: { name: 'the returns page form (GET)', value: forms }, target: '>= 0.5x baseline', pass: matches >= 0.5 * forms,
      },
      {
        name: `returns page wrong postcode (${mode})`, metric: 'mean latency', value: wrong, unit: 'ms',
        baseline: { name: 'an unknown order number', value: unknown }, target: 'within 25% of baseline', pass: Math.abs(wrong - unknown) <= 0.25 * unknown,
      },
    ];
  } finally {
    await stack.stop();
  }
}

export const bench: Benchmark = {
  title: `returns page: the order match next to the form, a wrong postcode next to an unknown order (${IN_FLIGHT} in flight, ${SECONDS} s each in 2 rounds)`,
  async run(): Promise<BenchRow[]> {
    const only = process.env.BENCH_RETURNS_PAGE_MODES?.split(',').map((m) => m.trim());
    const rows: BenchRow[] = [];
    for (const mode of availableModes().filter((m) => !only || only.includes(m))) rows.push(...await measure(mode));
    return rows;
  },
};
