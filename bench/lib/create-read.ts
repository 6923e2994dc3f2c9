import type { Client } from 'pg';
import type { Stack } from '@waybill/testing/stacks';
import { domesticConsignment } from '@waybill/testing/stacks';
import { BASELINE_TABLE, type Baseline } from './baseline';
import { cpuMeter, POSTGRES } from './cpu';
import { compare, type SideResult, type LoadSpec } from './compare';
import { checkProjected, DURABLE_SCHEMA } from './durable-baseline';
import { outboxDrained } from './outbox';
import { processRows } from './process-rows';
import type { BenchRow } from './types';

export const BATCH = 100;
const MIN_RATIO = 0.5;
const TARGET = `>= ${MIN_RATIO}x baseline`;
const JSON_HEADERS = { 'content-type': 'application/json' };

/** One system under load: where it answers and which headers it needs. */
interface Endpoint {
  name: string;
  baseUrl: string;
  prefix: string;
  headers: Record<string, string>;
}

function sides(stack: Stack, baseline: Baseline, durable: Baseline): { full: Endpoint; durable: Endpoint; bare: Endpoint } {
  return {
    full: { name: 'gateway+services', baseUrl: stack.baseUrl, prefix: `/_api/v1/company/${stack.creds.company}`, headers: { authorization: `token ${stack.creds.apiToken}` } },
    durable: { name: DURABLE, baseUrl: durable.baseUrl, prefix: '', headers: {} },
    bare: { name: 'express+pg', baseUrl: baseline.baseUrl, prefix: '', headers: {} },
  };
}

/** The create baseline since issue 22: the same durable work in one process (durable-baseline-server.ts). */
const DURABLE = 'one process: express+pg transaction with status and outbox rows, relay with confirms, inbox-deduplicated projection';

/** A valid, unallocated consignment as an integration sends it (the e2e fixture, fixed order number). */
function body(count: number): string {
  return JSON.stringify(Array.from({ length: count }, (_, i) => domesticConsignment({ order_number: `BENCH-${i}` })));
}

/** Before measuring, each side must really create what it is asked to; a silent failure would flatter it. */
async function checkCreates(side: Endpoint, count: number): Promise<string[]> {
  const res = await fetch(`${side.baseUrl}${side.prefix}/consignments`, { method: 'POST', headers: { ...side.headers, ...JSON_HEADERS }, body: body(count) });
  const got = (await res.json()) as { success?: string[]; errors?: object };
  if (res.status !== 200 || got.success?.length !== count || Object.keys(got.errors ?? {}).length > 0) {
    throw new Error(`${side.name} did not create ${count} consignments: ${res.status} ${JSON.stringify(got).slice(0, 500)}`);
  }
  return got.success;
}

function createSpec(side: Endpoint, count: number): LoadSpec {
  return { url: `${side.baseUrl}${side.prefix}/consignments`, method: 'POST', headers: { ...side.headers, ...JSON_HEADERS }, body: body(count) };
}

async function readSpec(side: Endpoint, sql: Client, table: string): Promise<LoadSpec> {
  const { rows } = await sql.query(`select identifier from ${table} order by seq desc limit 1000`);
  const paths = rows.map((r) => `${side.prefix}/consignment/${r.identifier}`);
  const check = await fetch(`${side.baseUrl}${paths[0]}`, { headers: side.headers });
  if (check.status !== 200) throw new Error(`${side.name} cannot read a consignment back: ${check.status} ${await check.text()}`);
  return { url: `${side.baseUrl}${paths[0]}`, headers: side.headers, paths };
}

const base = (value: number) => ({ name: 'express+pg', value });
const durableBase = (value: number) => ({ name: 'same durable work, one process', value });

/** Latency, and CPU per request: what a request costs whatever share of the shared machine the run got. */
function latencyRows(name: string, full: SideResult, ref: SideResult, baseOf: typeof base): BenchRow[] {
  return [
    { name, metric: 'p50 latency', value: full.p50, unit: 'ms', baseline: baseOf(ref.p50) },
    { name, metric: 'p99 latency', value: full.p99, unit: 'ms', baseline: baseOf(ref.p99) },
    { name, metric: 'CPU per request (node + postgres)', value: full.cpuMsPerRequest, unit: 'ms', baseline: baseOf(ref.cpuMsPerRequest) },
  ];
}

/**
 * The target is judged on what the platform sustains against the same durable work in one process:
 * responses counted over the time until every event they wrote was published too (each side's own
 * outbox). The bare INSERT stays beside it for continuity, without a target.
 */
function createRows(name: string, full: SideResult, durable: SideResult, bare: SideResult, perRequest: number): BenchRow[] {
  const unit = perRequest === 1 ? 'req/s' : 'consignments/s';
  const rows: BenchRow[] = perRequest === 1 ? [] : [{ name, metric: 'throughput', value: full.rps, unit: 'req/s', baseline: durableBase(durable.rps) }];
  rows.push(
    { name, metric: 'throughput (responses)', value: full.rps * perRequest, unit, baseline: durableBase(durable.rps * perRequest) },
    {
      name, metric: 'throughput (sustained: events published)', value: full.sustainedRps * perRequest, unit,
      baseline: durableBase(durable.sustainedRps * perRequest), target: TARGET, pass: full.sustainedRps / durable.sustainedRps >= MIN_RATIO,
    },
    { name, metric: 'throughput (responses), against the bare INSERT', value: full.rps * perRequest, unit, baseline: base(bare.rps * perRequest) },
    ...latencyRows(name, full, durable, durableBase),
    { name, metric: 'CPU per request (node + postgres), against the bare INSERT', value: full.cpuMsPerRequest, unit: 'ms', baseline: base(bare.cpuMsPerRequest) },
  );
  return [
    ...rows,
    ...processRows(name, 'distributed', full), ...processRows(name, 'same durable work', durable), ...processRows(name, 'bare INSERT', bare),
  ];
}

function readRows(name: string, full: SideResult, bare: SideResult): BenchRow[] {
  return [
    { name, metric: 'throughput', value: full.rps, unit: 'req/s', baseline: base(bare.rps), target: TARGET, pass: full.rps / bare.rps >= MIN_RATIO },
    ...latencyRows(name, full, bare, base),
    ...processRows(name, 'distributed', full), ...processRows(name, 'bare select', bare),
  ];
}

/**
 * Part 1: create one per request, create 100 per request, and read one, each through the gateway in
 * distributed mode and against the baselines, in the same run with the same load generator.
 */
export async function measureCreateRead(stack: Stack, baseline: Baseline, durable: Baseline, sql: Client, log: (m: string) => void): Promise<BenchRow[]> {
  const { full, durable: same, bare } = sides(stack, baseline, durable);
  const meter = cpuMeter(sql, () => [...stack.procs, baseline.proc, durable.proc].map((p) => ({ name: p.name, pid: p.child.pid! })));
  const fullPath = [...stack.procs.map((p) => p.name), POSTGRES];
  const out: BenchRow[] = [];
  for (const [name, count] of [['consignment create (1/request)', 1], [`consignment create (${BATCH}/request)`, BATCH]] as const) {
    await checkCreates(full, count);
    await checkProjected(sql, await checkCreates(same, count));
    await checkCreates(bare, count);
    log(name);
    const [f, d, b] = await compare([
      { spec: createSpec(full, count), settle: outboxDrained(sql), processes: fullPath },
      { spec: createSpec(same, count), settle: outboxDrained(sql, `${DURABLE_SCHEMA}.outbox`), processes: [durable.proc.name, POSTGRES] },
      { spec: createSpec(bare, count), processes: [baseline.proc.name, POSTGRES] },
    ], meter);
    log(`  outbox drained in ${f.settleSeconds.toFixed(1)} s after ${f.seconds.toFixed(0)} s of load (same durable work: ${d.settleSeconds.toFixed(1)} s)`);
    out.push(...createRows(name, f, d, b, count));
  }
  if (process.env.BENCH_CREATE_ONLY) return out;
  log('consignment read');
  const [f, b] = await compare([
    { spec: await readSpec(full, sql, 'consignment.consignments'), processes: fullPath },
    { spec: await readSpec(bare, sql, BASELINE_TABLE), processes: [baseline.proc.name, POSTGRES] },
  ], meter);
  out.push(...readRows('consignment read (GET one)', f, b));
  return out;
}
