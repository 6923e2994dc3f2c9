import { Client } from 'pg';
import type { Stack } from '@waybill/testing/stacks';
import { domesticConsignment } from '@waybill/testing/stacks';
import { compare, CONNECTIONS, MEASURE_SECONDS, WARMUP_SECONDS, type LoadSpec, type SideResult } from './lib/compare';
import { cpuMeter, type CpuSnapshot } from './lib/cpu';
import { outboxDrained } from './lib/outbox';
import { CHECKOUT, RULES, replaceRules } from './lib/rate-card';
import { settled } from './lib/settle';
import { startDistributedStack } from './lib/stack';
import type { Benchmark, BenchRow } from './lib/types';

/** Rounds per side, interleaved on, off, on, off, …: the machine is shared, and drift then weighs on both alike. */
const ROUNDS = 3;
/** Issue 22: keep one path per route when express alone gets within 10% of the lanes. */
const WITHIN = 0.1;
const JSON_HEADERS = { 'content-type': 'application/json' };

function log(message: string): void {
  process.stdout.write(`  [${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/** One distributed stack from built output, with the lanes on or off (HOT_LANES), and what measures it. */
interface Side {
  lanes: 'on' | 'off';
  stack: Stack;
  sql: Client;
  meter: () => Promise<CpuSnapshot>;
}

/** A lane route as a client calls it through the gateway: its load, checked to answer right first. */
interface LaneRoute {
  name: string;
  spec(side: Side): Promise<LoadSpec>;
  /** Work a run leaves behind (events to publish), awaited after each run. */
  settle?(side: Side): () => Promise<number>;
}

async function startSide(lanes: Side['lanes']): Promise<Side> {
  log(`starting the distributed stack with HOT_LANES=${lanes}`);
  const stack = await startDistributedStack({ HOT_LANES: lanes });
  const sql = new Client({ connectionString: stack.databaseUrl });
  try {
    // The quote prices the delivery-options benchmark's rate card, so both benchmarks measure one workload.
    await replaceRules(stack);
    await sql.connect();
  } catch (err) {
    await stack.stop();
    throw err;
  }
  return { lanes, stack, sql, meter: cpuMeter(sql, () => stack.procs.map((p) => ({ name: p.name, pid: p.child.pid! }))) };
}

/** Answers what the bench relies on, or stops it: a route answering wrongly would flatter its side. */
async function expectAnswer(side: Side, spec: LoadSpec, ok: (status: number, body: unknown) => boolean): Promise<void> {
  const res = await fetch(spec.paths ? `${side.stack.baseUrl}${spec.paths[0]}` : spec.url, { method: spec.method ?? 'GET', headers: spec.headers, body: spec.body });
  const text = await res.text();
  if (!ok(res.status, JSON.parse(text))) throw new Error(`lanes ${side.lanes}: ${spec.method ?? 'GET'} ${spec.url} answered ${res.status}: ${text.slice(0, 300)}`);
}

const consignments = (s: Side) => ({ base: `${s.stack.baseUrl}/_api/v1/company/${s.stack.creds.company}`, auth: { authorization: `token ${s.stack.creds.apiToken}` } });


const ROUTES: LaneRoute[] = [
  {
    name: 'consignment create (single)',
    async spec(s) {
      const { base, auth } = consignments(s);
      const spec: LoadSpec = { url: `${base}/consignments`, method: 'POST', headers: { ...auth, ...JSON_HEADERS }, body: JSON.stringify([domesticConsignment({ order_number: 'LANES-1' })]) };
      await expectAnswer(s, spec, (status, b) => status === 200 && (b as { success: unknown[] }).success.length === 1);
      return spec;
    },
    settle: (s) => outboxDrained(s.sql),
  },
  {
    name: 'consignment read (GET one)',
    async spec(s) {
      const { base, auth } = consignments(s);
      const { rows } = await s.sql.query('select identifier from consignment.consignments order by seq desc limit 1000');
      const prefix = new URL(base).pathname;
      const spec: LoadSpec = { url: `${base}/consignment/${rows[0].identifier}`, headers: auth, paths: rows.map((r) => `${prefix}/consignment/${r.identifier}`) };
      await expectAnswer(s, spec, (status, b) => status === 200 && (b as { order_number?: string }).order_number === 'LANES-1');
      return spec;
    },
  },
  {
    name: `delivery-options quote (${RULES} rules)`,
    async spec(s) {
      const url = `${s.stack.baseUrl}/api/2.0.0/company/${s.stack.creds.company}/delivery_options/`;
      const spec: LoadSpec = { url, method: 'POST', headers: { authorization: `Api-Key ${s.stack.creds.deliveryOptionsKey}`, ...JSON_HEADERS }, body: JSON.stringify(CHECKOUT) };
      await expectAnswer(s, spec, (status, b) => status === 200 && (b as { delivery_options: unknown[] }).delivery_options.length > 0);
      return spec;
    },
  },
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * One round of one side: compare()'s warm-up and measured runs, then, after a create, until the stack
 * is close to idle, so that its consumers' backlog is not measured against the other side's next round.
 */
async function round(route: LaneRoute, side: Side, spec: LoadSpec): Promise<SideResult> {
  const [r] = await compare([{ spec, settle: route.settle?.(side) }], side.meter);
  if (route.settle) await settled(side.stack.procs.map((p) => p.child.pid!), { windowMs: 1000, timeoutMs: 30_000 });
  log(`${route.name}, lanes ${side.lanes}: ${r.rps.toFixed(0)} req/s, p99 ${r.p99.toFixed(1)} ms, CPU ${r.cpuMsPerRequest.toFixed(2)} ms/request`);
  return r;
}

/** Express alone (off) against the lanes (on): the figures, their ratio, and the rule's verdict. */
function rows(route: LaneRoute, on: SideResult[], off: SideResult[]): BenchRow[] {
  const name = `${route.name}, through the gateway (distributed)`;
  const of = (runs: SideResult[], by: (r: SideResult) => number) => median(runs.map(by));
  const rps = { on: of(on, (r) => r.rps), off: of(off, (r) => r.rps) };
  const p99 = { on: of(on, (r) => r.p99), off: of(off, (r) => r.p99) };
  const cpu = { on: of(on, (r) => r.cpuMsPerRequest), off: of(off, (r) => r.cpuMsPerRequest) };
  const lanes = (value: number) => ({ name: 'lanes on', value });
  const throughputMet = rps.off >= (1 - WITHIN) * rps.on;
  const p99Met = p99.off <= (1 + WITHIN) * p99.on;
  const keep = throughputMet && p99Met;
  log(`${route.name}: express alone ${(rps.off / rps.on).toFixed(2)}x the throughput, ${(p99.off / p99.on).toFixed(2)}x the p99 of the lanes: keep one path: ${keep ? 'yes' : 'no'} (within 10%)`);
  return [
    { name, metric: `throughput, lanes off (median of ${ROUNDS})`, value: rps.off, unit: 'req/s', baseline: lanes(rps.on), target: `>= ${1 - WITHIN}x lanes on`, pass: throughputMet },
    { name, metric: `p99 latency, lanes off (median of ${ROUNDS})`, value: p99.off, unit: 'ms', baseline: lanes(p99.on), target: `<= ${1 + WITHIN}x lanes on`, pass: p99Met },
    { name, metric: `CPU per request (node + postgres), lanes off (median of ${ROUNDS})`, value: cpu.off, unit: 'ms', baseline: lanes(cpu.on) },
    { name, metric: 'keep one path (express alone within 10% of the lanes)', value: rps.off / rps.on, unit: 'x the throughput', target: 'throughput and p99 both met', pass: keep },
  ];
}

/**
 * Issue 22's rule on the hot lanes: the lane routes (create one consignment, read one, quote a checkout)
 * through the gateway of two distributed stacks from built output, one with the lanes (HOT_LANES=on) and
 * one served by express alone (HOT_LANES=off), measured in interleaved rounds with the same fixed,
 * bounded load against 127.0.0.1. Both stacks run on fresh databases dropped afterwards, whatever happens.
 */
export const bench: Benchmark = {
  title: `Hot lanes on vs off (HOT_LANES), through the gateway (${CONNECTIONS} connections, ${ROUNDS} interleaved rounds per side of ${WARMUP_SECONDS} s warm-up + ${MEASURE_SECONDS} s)`,
  async run(): Promise<BenchRow[]> {
    const sides: Side[] = [];
    try {
      sides.push(await startSide('on'));
      sides.push(await startSide('off'));
      const out: BenchRow[] = [];
      for (const route of ROUTES) {
        const specs = await Promise.all(sides.map((s) => route.spec(s)));
        const results: SideResult[][] = sides.map(() => []);
        for (let i = 0; i < ROUNDS; i++) {
          for (const [at, side] of sides.entries()) results[at].push(await round(route, side, specs[at]));
        }
        out.push(...rows(route, results[0], results[1]));
      }
      return out;
    } finally {
      log('cleaning up');
      for (const side of sides) {
        await side.sql.end().catch(() => undefined);
        await side.stack.stop();
      }
    }
  },
};
