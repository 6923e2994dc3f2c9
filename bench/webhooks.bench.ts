import { randomUUID } from 'node:crypto';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { trackingUpdated } from '@waybill/webhook-dispatcher/src/test-support/fixtures';
import { trackingUpdateBody } from '@waybill/webhook-dispatcher/src/messages/webhook-bodies';
import { newSigningSecret } from '@waybill/webhook-dispatcher/src/security/signing';
import { startProcess, type Proc } from '@waybill/testing';
import type { ForwardWork } from './lib/bare-forwarder';
import { DispatcherProcess } from './lib/dispatcher-process';
import { benchProcess, processMeter } from './lib/process-rows';
import { roundTripsBetween, type RoundTrips } from './lib/round-trips';
import { useLocalServers } from './lib/stack';
import { runFixedRate } from './lib/fixed-rate';
import type { Benchmark, BenchRow } from './lib/types';
import { percentile, verifyingReceiver, type VerifyingReceiver } from './lib/webhook-receiver';

/** BENCH_WEBHOOK_EVENTS: a larger burst for profiling (the figure is 250). */
const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 250);
const ENDPOINTS = 4;
const PER_ENDPOINT = 8;
const DEADLINE_MS = 120_000;
/** The sustained load of the issue: 100 events a second to the same 4 endpoints, for 10 s. */
const SUSTAINED_RATE = 100;
/** BENCH_WEBHOOK_SUSTAINED_MS=0 skips the sustained load (profiling the burst alone). */
const SUSTAINED_MS = Number(process.env.BENCH_WEBHOOK_SUSTAINED_MS ?? 10_000);

function log(message: string): void {
  process.stdout.write(`  [${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

interface Figures { perSecond: number; p50: number; p99: number; trips?: RoundTrips; deliveries?: number; processes?: BenchRow[]; sustained?: Figures }

const NAME = 'webhook delivery (publish → verified)';

/** Deliveries per second (first publish to last verified) and publish → verified latency. */
function figures(published: Map<string, number>, receivers: VerifyingReceiver[]): Figures {
  const latencies: number[] = [];
  let last = 0;
  for (const r of receivers) {
    for (const [id, at] of r.verifiedAt) {
      latencies.push(at - published.get(id)!);
      last = Math.max(last, at);
    }
  }
  const first = Math.min(...published.values());
  return { perSecond: latencies.length / ((last - first) / 1000), p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function waitForOutput(p: Proc, pattern: RegExp): Promise<void> {
  const deadline = Date.now() + DEADLINE_MS;
  while (!pattern.test(p.output())) {
    if (p.child.exitCode !== null || Date.now() > deadline) throw new Error(`${p.name} did not start:\n${p.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function waitFor(receivers: VerifyingReceiver[], expected: number): Promise<void> {
  const deadline = Date.now() + DEADLINE_MS;
  while (receivers.reduce((n, r) => n + r.verifiedAt.size, 0) < expected) {
    if (Date.now() > deadline) throw new Error('webhooks did not all arrive in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The dispatcher's settings of the benchmark: attempts never time out or go to the sweeper within a run. */
const DISPATCHER_ENV = { WEBHOOK_TIMEOUT: '15s', WEBHOOK_ENDPOINT_CONCURRENCY: String(PER_ENDPOINT), WEBHOOK_SWEEP_INTERVAL: '15s', WEBHOOK_SWEEP_GRACE: '30s' };

/** The bench process (publisher and receivers), listed before the side under test it started: each counts its own. */
const BENCH_PROCESS = benchProcess('bench (publisher, receivers)');

async function measureDispatcher(): Promise<Figures> {
  const d = await DispatcherProcess.start(DISPATCHER_ENV);
  const receivers: VerifyingReceiver[] = [];
  const sql = new Client({ connectionString: d.databaseUrl });
  await sql.connect();
  try {
    const company = `bench-${randomUUID().slice(0, 8)}`;
    for (let i = 0; i < ENDPOINTS; i++) {
      let secret = '';
      const rx = await verifyingReceiver(() => secret);
      secret = await d.createEndpoint(company, rx.url);
      receivers.push(rx);
    }
    // Warm-up: connections, prepared paths, JIT.
    await d.publish('tracking.tracking.updated', company, trackingUpdated(1), randomUUID());
    await waitFor(receivers, ENDPOINTS);
    for (const r of receivers) r.verifiedAt.clear();
    const published = new Map<string, number>();
    const meter = processMeter(sql, () => [BENCH_PROCESS, { name: 'webhook-dispatcher', pid: d.pid }], { brokers: true });
    await meter.start();
    // Every statement and command of the dispatcher until the last webhook is verified.
    const tripsBefore = await d.roundTrips();
    // In batches with confirms pipelined, as the outbox relay of tracking-ingest publishes.
    for (let i = 0; i < EVENTS; i += 50) {
      await Promise.all(Array.from({ length: Math.min(50, EVENTS - i) }, () => {
        const id = randomUUID();
        published.set(id, performance.now());
        return d.publish('tracking.tracking.updated', company, trackingUpdated(1), id);
      }));
    }
    await waitFor(receivers, EVENTS * ENDPOINTS);
    await meter.loadEnded();
    const trips = roundTripsBetween(tripsBefore, await d.roundTrips());
    if (receivers.some((r) => r.failures > 0)) throw new Error('a signature did not verify');
    const deliveries = EVENTS * ENDPOINTS;
    const burst = { ...figures(published, receivers), trips, deliveries, processes: await meter.rows(NAME, 'webhook dispatcher', deliveries, 'delivery') };
    return { ...burst, sustained: SUSTAINED_MS > 0 ? await measureSustained(d, company, receivers) : undefined };
  } finally {
    await sql.end();
    await d.stop();
    await Promise.all(receivers.map((r) => r.close()));
  }
}

/** Events published at a fixed rate (open loop), each timed from its publish to its verification at each endpoint. */
async function measureSustained(d: DispatcherProcess, company: string, receivers: VerifyingReceiver[]): Promise<Figures> {
  for (const r of receivers) r.verifiedAt.clear();
  const published = new Map<string, number>();
  const run = await runFixedRate(SUSTAINED_RATE, SUSTAINED_MS, () => {
    const id = randomUUID();
    published.set(id, performance.now());
    return d.publish('tracking.tracking.updated', company, trackingUpdated(1), id);
  });
  if (run.results.some((r) => r.error)) throw new Error('a publish failed during the sustained load');
  await waitFor(receivers, published.size * ENDPOINTS);
  return figures(published, receivers);
}

/** The same bodies, signed and POSTed by the bare forwarder in a process of its own, to the same receivers. */
async function measureBaseline(): Promise<Figures> {
  const targets: ForwardWork['targets'] = [];
  const receivers: VerifyingReceiver[] = [];
  for (let i = 0; i < ENDPOINTS; i++) {
    const secret = newSigningSecret();
    const rx = await verifyingReceiver(() => secret);
    receivers.push(rx);
    targets.push({ url: rx.url, secret });
  }
  const workFile = join(tmpdir(), `bench-forwarder-${randomUUID()}.json`);
  try {
    const events = Array.from({ length: EVENTS }, () => {
      const id = randomUUID();
      return { id, body: JSON.stringify(trackingUpdateBody(id, trackingUpdated(1))) };
    });
    const forwarder = startProcess('bare forwarder', join(__dirname, 'lib', 'bare-forwarder.process.ts'), { BARE_FORWARDER_WORK: workFile });
    const exited = new Promise<number | null>((resolve) => forwarder.child.once('exit', resolve));
    await waitForOutput(forwarder, /^ready$/m);
    const meter = processMeter(undefined, () => [BENCH_PROCESS, { name: 'bare forwarder', pid: forwarder.child.pid! }]);
    await meter.start();
    writeFileSync(`${workFile}.tmp`, JSON.stringify({ targets, events, perEndpoint: PER_ENDPOINT } satisfies ForwardWork));
    renameSync(`${workFile}.tmp`, workFile);
    await waitFor(receivers, EVENTS * ENDPOINTS);
    await meter.loadEnded();
    // Read while the forwarder is alive: it waits for its work file to go before it exits.
    const processes = await meter.rows(NAME, 'bare forwarder', EVENTS * ENDPOINTS, 'delivery');
    rmSync(workFile);
    if ((await exited) !== 0) throw new Error(`the bare forwarder failed:\n${forwarder.output()}`);
    const mark = /published (\d+(?:\.\d+)?)/.exec(forwarder.output());
    if (!mark) throw new Error(`the bare forwarder did not say when it started:\n${forwarder.output()}`);
    // Its start, on this process's clock.
    const at = Number(mark[1]) - performance.timeOrigin;
    return { ...figures(new Map(events.map((e) => [e.id, at])), receivers), processes };
  } finally {
    rmSync(workFile, { force: true });
    await Promise.all(receivers.map((r) => r.close()));
  }
}

/**
 * Tracking events published on the bus until their webhooks are received and verified (Standard
 * Webhooks reference library) at local receivers, next to a bare in-memory forwarder that signs and
 * POSTs the same bodies with the same concurrency. Each side runs in a process of its own (the
 * dispatcher from its built entry, as deployed), the receivers in the benchmark's. Bounded: 250 events to
 * 4 endpoints on 127.0.0.1, then 100 events/s for 10 s to the same endpoints. Round trips: every Postgres
 * statement and Redis command of the dispatcher process during the burst, divided by the deliveries.
 */
export const bench: Benchmark = {
  title: `Webhooks, event published → webhook verified (${EVENTS} events × ${ENDPOINTS} endpoints, built dispatcher on Postgres/RabbitMQ/Redis) vs bare forwarder`,
  async run(): Promise<BenchRow[]> {
    useLocalServers();
    log('baseline: bare signing forwarder');
    const base = await measureBaseline();
    log('webhook dispatcher');
    const ours = await measureDispatcher();
    const name = NAME;
    const sustained = `webhook delivery, ${SUSTAINED_RATE} events/s to ${ENDPOINTS} endpoints for ${SUSTAINED_MS / 1000} s`;
    const baseline = (value: number) => ({ name: 'bare forwarder', value });
    const trips = ours.trips!;
    const deliveries = ours.deliveries!;
    const perDelivery = (trips.pg + trips.redis) / deliveries;
    return [
      { name, metric: 'deliveries/s', value: ours.perSecond, unit: '/s', baseline: baseline(base.perSecond), target: '>= 0.3x baseline', pass: ours.perSecond >= 0.3 * base.perSecond },
      { name, metric: 'Postgres statements per delivery', value: trips.pg / deliveries, unit: '' },
      { name, metric: 'Redis commands per delivery', value: trips.redis / deliveries, unit: '' },
      { name, metric: 'database + Redis round trips per delivery', value: perDelivery, unit: '', target: '<= 4', pass: perDelivery <= 4 },
      { name, metric: 'p50 latency', value: ours.p50, unit: 'ms', baseline: baseline(base.p50) },
      { name, metric: 'p99 latency', value: ours.p99, unit: 'ms', baseline: baseline(base.p99) },
      ...ours.processes!,
      ...base.processes!,
      ...(ours.sustained ? [
        { name: sustained, metric: 'deliveries/s', value: ours.sustained.perSecond, unit: '/s' },
        { name: sustained, metric: 'p50 latency', value: ours.sustained.p50, unit: 'ms', target: '< 100 ms', pass: ours.sustained.p50 < 100 },
        { name: sustained, metric: 'p99 latency', value: ours.sustained.p99, unit: 'ms', target: '< 500 ms', pass: ours.sustained.p99 < 500 },
      ] : []),
    ];
  },
};
