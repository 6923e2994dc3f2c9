import type { Server } from 'node:http';
import express from 'express';
import { availableModes, startStack, type Mode } from '@waybill/testing/stacks';
import { Client } from 'pg';
import { percentile, runFixedRate } from './lib/fixed-rate';
import { processMeter } from './lib/process-rows';
import { allocatedParcels, nthPush } from './lib/tracking-fixture';
import { pushSignatureValid, sendPush } from '@waybill/testing';
import type { Benchmark, BenchRow } from './lib/types';

const RATE = Number(process.env.TRACKING_BENCH_RATE ?? 20);
const DURATION_MS = Number(process.env.TRACKING_BENCH_SECONDS ?? 10) * 1000;
const TRACKINGS_PER_PUSH = 10;
const EVENTS_PER_TRACKING = 2;
const CONSIGNMENTS = 100;
/** Every mode this machine can run (distributed needs DATABASE_URL, AMQP_URL, REDIS_URL), or the one named. */
const MODES: Mode[] = process.env.TRACKING_BENCH_MODE ? [process.env.TRACKING_BENCH_MODE as Mode] : availableModes();

/** The baseline: a bare express endpoint that checks the same signature and parses the body, nothing else. */
function bareVerifier(secret: string): Promise<{ url: string; server: Server }> {
  const app = express();
  app.post('/ingest/v1/carriers/:carrier/tracking', express.raw({ type: () => true, limit: '5mb' }), (req, res) => {
    const raw = req.body as Buffer;
    if (!pushSignatureValid(secret, req.header('x-waybill-signature') ?? '', raw)) {
      res.status(401).json({ detail: 'Invalid signature.' });
      return;
    }
    const body = JSON.parse(raw.toString('utf8')) as { trackings: Array<{ events: unknown[] }> };
    res.status(202).json({ accepted: body.trackings.reduce((n, t) => n + t.events.length, 0), duplicates: 0, unknown: [] });
  });
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server }));
  });
}

interface LoadFigures { eventsPerSecond: number; p50: number; p95: number; p99: number; failed: number; acceptedPushes: number }

async function load(baseUrl: string, secret: string, numbers: string[], meter?: ReturnType<typeof processMeter>): Promise<LoadFigures> {
  await meter?.start();
  const run = await runFixedRate(RATE, DURATION_MS, (i) => sendPush(baseUrl, 'generic', secret, nthPush(numbers, i, TRACKINGS_PER_PUSH, EVENTS_PER_TRACKING)));
  await meter?.loadEnded();
  const ok = run.results.filter((r) => r.value?.status === 202);
  const accepted = ok.reduce((n, r) => n + (r.value!.body.accepted as number), 0);
  const latencies = run.results.map((r) => r.latencyMs);
  return {
    eventsPerSecond: accepted / (run.elapsedMs / 1000),
    p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99),
    failed: run.results.length - ok.length, acceptedPushes: ok.length,
  };
}

/** One mode: the stack and the bare baseline under the same load, one after the other, in this run. */
async function measure(mode: Mode): Promise<BenchRow[]> {
  const stack = await startStack(mode);
  const baseline = await bareVerifier(stack.creds.carrierSecret);
  try {
    const numbers = await allocatedParcels(stack.baseUrl, stack.creds.company, stack.creds.apiToken, stack.creds.carrierSecret, CONSIGNMENTS);
    // Warm-up: first pushes pay for JIT, connection pools and the consignments' first status change.
    await load(stack.baseUrl, stack.creds.carrierSecret, numbers.slice().reverse());
    const base = await load(baseline.url, stack.creds.carrierSecret, numbers);
    // CPU per accepted push of each process of the stack (Postgres backends when it has a server database).
    const sql = stack.databaseUrl ? new Client({ connectionString: stack.databaseUrl }) : undefined;
    await sql?.connect();
    const meter = processMeter(sql, () => stack.procs.map((p) => ({ name: p.name, pid: p.child.pid! })), { brokers: true });
    const ours = await load(stack.baseUrl, stack.creds.carrierSecret, numbers, meter);
    const perProcess = await meter.rows(`tracking push via gateway (${mode})`, mode, ours.acceptedPushes, 'push').finally(() => sql?.end());
    const offered = RATE * TRACKINGS_PER_PUSH * EVENTS_PER_TRACKING;
    const row = (metric: string, value: number, unit: string, baseValue: number, target?: string, pass?: boolean): BenchRow => ({
      name: `tracking push via gateway (${mode})`, metric, value, unit, baseline: { name: 'bare express HMAC check', value: baseValue }, target, pass,
    });
    return [
      row('accepted events/s', ours.eventsPerSecond, 'events/s', base.eventsPerSecond, `>= 0.9x offered (${offered})`, ours.eventsPerSecond >= 0.9 * offered && ours.failed === 0),
      row('p50 push latency', ours.p50, 'ms', base.p50),
      row('p95 push latency', ours.p95, 'ms', base.p95),
      row('p99 push latency', ours.p99, 'ms', base.p99, '<= 1000 ms', ours.p99 <= 1000),
      row('failed pushes', ours.failed, 'pushes', base.failed, '0', ours.failed === 0),
      ...perProcess,
    ];
  } finally {
    await new Promise((r) => baseline.server.close(r));
    await stack.stop();
  }
}

export const bench: Benchmark = {
  title: `Carrier tracking ingest: signed pushes at ${RATE}/s (${TRACKINGS_PER_PUSH} trackings x ${EVENTS_PER_TRACKING} new events) for ${DURATION_MS / 1000} s, ${MODES.join(' and ')}`,
  async run(): Promise<BenchRow[]> {
    const rows: BenchRow[] = [];
    for (const mode of MODES) rows.push(...await measure(mode));
    return rows;
  },
};
