import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signatureHeaders } from '@waybill/webhook-dispatcher/src/security/signing';
import { client } from '@waybill/testing/stacks';
import { Client } from 'pg';
import { percentile, runFixedRate } from './lib/fixed-rate';
import { processMeter } from './lib/process-rows';
import { startDistributedStack } from './lib/stack';
import { allocatedParcels, nthPush } from './lib/tracking-fixture';
import { pushSignatureValid, sendPush, type PushResult } from '@waybill/testing';
import type { Benchmark, BenchRow } from './lib/types';
import { verifyingReceiver, type VerifyingReceiver } from './lib/webhook-receiver';

/** Pushes per second; each carries TRACKINGS x EVENTS new tracking events (50/s x 20 = 1,000 events/s). */
const RATE = Number(process.env.PUSH_WEBHOOK_RATE ?? 50);
const DURATION_MS = Number(process.env.PUSH_WEBHOOK_SECONDS ?? 10) * 1000;
const TRACKINGS = 10;
const EVENTS = 2;
const CONSIGNMENTS = 250;
/** How long the webhooks of accepted pushes may take to arrive before the missing ones count as lost. */
const DRAIN_MS = 120_000;
const TARGET_EVENTS_PER_S = 1000;
const TARGET_P95_MS = 250;

type Push = ReturnType<typeof nthPush>;
type ProcessMeter = ReturnType<typeof processMeter>;

/**
 * Marks every event of push `i` of run `run` with a description the webhook carries back, so the
 * receiver can tell which push a tracking_update came from.
 */
function markedPush(numbers: string[], run: string, i: number, epoch: number): Push {
  const push = nthPush(numbers, i, TRACKINGS, EVENTS, epoch);
  for (const t of push.trackings) for (const e of t.events) e.description = `${run}:${i}`;
  return push;
}

/** What the receiver saw of one run: push → first arrival, and every double. */
class Arrivals {
  readonly firstAt = new Map<number, number>();
  readonly eventsOf = new Map<string, number>();
  deliveredEvents = 0;
  duplicates = 0;

  constructor(private readonly run: string) {}

  see(body: { event_id: string; trackings?: Array<{ events: Array<{ description?: string }> }> }, at: number): void {
    const pushes = new Set<number>();
    let events = 0;
    for (const t of body.trackings ?? []) {
      for (const e of t.events) {
        const [run, i] = (e.description ?? '').split(':');
        if (run !== this.run) continue;
        pushes.add(Number(i));
        events++;
      }
    }
    if (pushes.size === 0) return;
    // A redelivered event, or a second event for a push already delivered, is a duplicate.
    const again = this.eventsOf.has(body.event_id);
    this.eventsOf.set(body.event_id, (this.eventsOf.get(body.event_id) ?? 0) + 1);
    if (again) { this.duplicates++; return; }
    this.deliveredEvents += events;
    for (const i of pushes) {
      if (this.firstAt.has(i)) this.duplicates++;
      else this.firstAt.set(i, at);
    }
  }
}

interface Figures {
  eventsPerSecond: number; webhooksPerSecond: number; p50: number; p95: number; p99: number;
  accepted: number; lost: number; duplicated: number; unverified: number; refused: number;
}

/** Fixed-rate pushes into `url`, then waits for every accepted push's webhook (or the drain deadline). */
async function drive(
  pushUrl: string, secret: string, numbers: string[], receiver: VerifyingReceiver, arrivals: Arrivals, run: string, epoch: number, meter?: ProcessMeter,
): Promise<Figures> {
  const acceptedAt = new Map<number, number>();
  const failuresBefore = receiver.failures;
  await meter?.start();
  const started = performance.now();
  const load = await runFixedRate(RATE, DURATION_MS, async (i): Promise<PushResult> => {
    const res = await sendPush(pushUrl, 'generic', secret, markedPush(numbers, run, i, epoch));
    if (res.status === 202) acceptedAt.set(i, performance.now());
    return res;
  });
  await meter?.loadEnded();
  const deadline = performance.now() + DRAIN_MS;
  while ([...acceptedAt.keys()].some((i) => !arrivals.firstAt.has(i)) && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const latencies: number[] = [];
  let last = started;
  for (const [i, at] of acceptedAt) {
    const got = arrivals.firstAt.get(i);
    if (got === undefined) continue;
    latencies.push(got - at);
    last = Math.max(last, got);
  }
  const seconds = (last - started) / 1000;
  return {
    eventsPerSecond: arrivals.deliveredEvents / seconds, webhooksPerSecond: arrivals.eventsOf.size / seconds,
    p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99),
    accepted: acceptedAt.size, lost: acceptedAt.size - latencies.length, duplicated: arrivals.duplicates,
    unverified: receiver.failures - failuresBefore, refused: load.results.length - acceptedAt.size,
  };
}

/**
 * The baseline: a bare HTTP forwarder with no guarantees. It checks the carrier's HMAC, answers 202, and
 * POSTs one signed tracking_update per push straight to the receiver from memory: no database, no
 * broker, no queue, no retry state.
 */
async function bareForwarder(carrierSecret: string, target: { url: string; secret: string }): Promise<{ url: string; close(): Promise<void> }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      if (!pushSignatureValid(carrierSecret, String(req.headers['x-waybill-signature'] ?? ''), raw)) {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"detail":"Invalid signature."}');
        return;
      }
      const push = JSON.parse(raw.toString('utf8')) as Push;
      res.writeHead(202, { 'content-type': 'application/json' }).end(JSON.stringify({ accepted: push.trackings.length * EVENTS, duplicates: 0, unknown: [] }));
      const id = `msg_${randomUUID()}`;
      const body = JSON.stringify({
        event_type: 'tracking_update', event_id: id, payload_version: '2025.1', carrier_slug: 'generic',
        count: push.trackings.length, trackings: push.trackings.map((t) => ({ ...t, events: t.events.map((e) => ({ status: 'InTransit', ...e })) })),
      });
      const out = http.request(target.url, { method: 'POST', agent, headers: { 'content-type': 'application/json', ...signatureHeaders(id, body, [target.secret]) } }, (r) => r.resume());
      out.on('error', () => undefined);
      out.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => { agent.destroy(); server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

async function measure(): Promise<BenchRow[]> {
  const stack = await startDistributedStack({ WEBHOOK_ALLOW_PRIVATE: '1' });
  const { company, apiToken, carrierSecret } = stack.creds;
  let secret = '';
  let current: Arrivals = new Arrivals('none');
  const receiver = await verifyingReceiver(() => secret, (body, at) => current.see(body, at));
  try {
    const endpoint = await client(stack).post('/webhooks/endpoints', { url: receiver.url, event_types: ['tracking_update'], description: 'bench' });
    if (endpoint.status !== 201) throw new Error(`webhook endpoint: ${endpoint.status} ${endpoint.text}`);
    secret = endpoint.body.secret as string;
    const numbers = await allocatedParcels(stack.baseUrl, company, apiToken, carrierSecret, CONSIGNMENTS);
    const epoch = Date.UTC(2026, 0, 1);
    // Warm-up at the same rate: JIT, pools, the consignments' first status change. Its timestamps come first.
    current = new Arrivals('warm');
    await drive(stack.baseUrl, carrierSecret, numbers, receiver, current, 'warm', epoch);

    current = new Arrivals('base');
    const forwarder = await bareForwarder(carrierSecret, { url: receiver.url, secret });
    const base = await drive(forwarder.url, carrierSecret, numbers, receiver, current, 'base', epoch).finally(() => forwarder.close());

    current = new Arrivals('ours');
    const sql = new Client({ connectionString: stack.databaseUrl });
    await sql.connect();
    const meter = processMeter(sql, () => stack.procs.map((p) => ({ name: p.name, pid: p.child.pid! })), { brokers: true });
    const ours = await drive(stack.baseUrl, carrierSecret, numbers, receiver, current, 'ours', epoch + 24 * 3_600_000, meter);
    // CPU until every webhook of the run arrived, per accepted push (20 events); memory when the pushes ended.
    const perProcess = await meter.rows('push → signed webhook (distributed)', 'distributed', ours.accepted, 'push').finally(() => sql.end());

    const offered = RATE * TRACKINGS * EVENTS;
    const row = (metric: string, value: number, unit: string, baseValue: number, target?: string, pass?: boolean): BenchRow => ({
      name: 'push → signed webhook (distributed)', metric, value, unit, baseline: { name: 'bare HTTP forwarder', value: baseValue }, target, pass,
    });
    return [
      // Sustained means keeping up with the offered rate (first push to last webhook, so the final
      // webhook's latency sits in the window) with nothing lost, at an offered rate of at least the target.
      row(`delivered events/s (${offered}/s offered)`, ours.eventsPerSecond, 'events/s', base.eventsPerSecond,
        `>= 0.97x offered, offered >= ${TARGET_EVENTS_PER_S}`, offered >= TARGET_EVENTS_PER_S && ours.eventsPerSecond >= 0.97 * offered && ours.lost === 0),
      row('webhooks/s', ours.webhooksPerSecond, 'webhooks/s', base.webhooksPerSecond),
      row('p50 accepted → received', ours.p50, 'ms', base.p50),
      row('p95 accepted → received', ours.p95, 'ms', base.p95, `< ${TARGET_P95_MS} ms`, ours.p95 < TARGET_P95_MS),
      row('p99 accepted → received', ours.p99, 'ms', base.p99),
      row('pushes accepted', ours.accepted, 'pushes', base.accepted),
      row('pushes refused', ours.refused, 'pushes', base.refused, '0', ours.refused === 0),
      row('lost', ours.lost, 'pushes', base.lost, '0', ours.lost === 0),
      row('duplicated', ours.duplicated, 'webhooks', base.duplicated, '0', ours.duplicated === 0),
      row('unverified', ours.unverified, 'webhooks', base.unverified, '0', ours.unverified === 0),
      ...perProcess,
    ];
  } finally {
    await receiver.close();
    await stack.stop();
  }
}

export const bench: Benchmark = {
  title: `Tracking push → webhook, end to end in distributed mode: ${RATE} signed pushes/s x ${TRACKINGS * EVENTS} events for ${DURATION_MS / 1000} s`,
  run: measure,
};
