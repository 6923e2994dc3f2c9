import type { Client } from 'pg';
import type { Stack } from '../../e2e/support/stack';
import { domesticConsignment } from '../../e2e/support/fixtures';
import { BASELINE_TABLE, type Baseline } from './baseline';
import { cpuMeter } from './cpu';
import { compare, type SideResult, type LoadSpec } from './compare';
import { outboxDrained } from './outbox';
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

function sides(stack: Stack, baseline: Baseline): { full: Endpoint; bare: Endpoint } {
  return {
    full: { name: 'gateway+services', baseUrl: stack.baseUrl, prefix: `/_api/v1/company/${stack.creds.company}`, headers: { authorization: `token ${stack.creds.apiToken}` } },
    bare: { name: 'express+pg', baseUrl: baseline.baseUrl, prefix: '', headers: {} },
  };
}

/** A valid, unallocated consignment as an integration sends it (the e2e fixture, fixed order number). */
function body(count: number): string {
  return JSON.stringify(Array.from({ length: count }, (_, i) => domesticConsignment({ order_number: `BENCH-${i}` })));
}

/** Before measuring, each side must really create what it is asked to; a silent failure would flatter it. */
async function checkCreates(side: Endpoint, count: number): Promise<void> {
  const res = await fetch(`${side.baseUrl}${side.prefix}/consignments`, { method: 'POST', headers: { ...side.headers, ...JSON_HEADERS }, body: body(count) });
  const got = (await res.json()) as { success?: string[]; errors?: object };
  if (res.status !== 200 || got.success?.length !== count || Object.keys(got.errors ?? {}).length > 0) {
    throw new Error(`${side.name} did not create ${count} consignments: ${res.status} ${JSON.stringify(got).slice(0, 500)}`);
  }
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

/** Latency, and CPU per request: what a request costs whatever share of the shared machine the run got. */
function latencyRows(name: string, full: SideResult, bare: SideResult): BenchRow[] {
  return [
    { name, metric: 'p50 latency', value: full.p50, unit: 'ms', baseline: base(bare.p50) },
    { name, metric: 'p99 latency', value: full.p99, unit: 'ms', baseline: base(bare.p99) },
    { name, metric: 'CPU per request (node + postgres)', value: full.cpuMsPerRequest, unit: 'ms', baseline: base(bare.cpuMsPerRequest) },
  ];
}

/**
 * The target is judged on what the platform sustains: responses counted over the time until every
 * event they wrote was published too (the baseline has nothing left to do once it has answered).
 */
function createRows(name: string, full: SideResult, bare: SideResult, perRequest: number): BenchRow[] {
  const unit = perRequest === 1 ? 'req/s' : 'consignments/s';
  const rows: BenchRow[] = perRequest === 1 ? [] : [{ name, metric: 'throughput', value: full.rps, unit: 'req/s', baseline: base(bare.rps) }];
  rows.push(
    { name, metric: 'throughput (responses)', value: full.rps * perRequest, unit, baseline: base(bare.rps * perRequest) },
    {
      name, metric: 'throughput (sustained: events published)', value: full.sustainedRps * perRequest, unit,
      baseline: base(bare.sustainedRps * perRequest), target: TARGET, pass: full.sustainedRps / bare.sustainedRps >= MIN_RATIO,
    },
  );
  return [...rows, ...latencyRows(name, full, bare)];
}

function readRows(name: string, full: SideResult, bare: SideResult): BenchRow[] {
  return [
    { name, metric: 'throughput', value: full.rps, unit: 'req/s', baseline: base(bare.rps), target: TARGET, pass: full.rps / bare.rps >= MIN_RATIO },
    ...latencyRows(name, full, bare),
  ];
}

/**
 * Part 1: create one per request, create 100 per request, and read one, each through the gateway in
 * distributed mode and against the bare baseline, in the same run with the same load generator.
 */
export async function measureCreateRead(stack: Stack, baseline: Baseline, sql: Client, log: (m: string) => void): Promise<BenchRow[]> {
  const { full, bare } = sides(stack, baseline);
  const drained = outboxDrained(sql);
  const meter = cpuMeter(sql, () => [...stack.procs, baseline.proc].map((p) => p.child.pid!));
  const out: BenchRow[] = [];
  for (const [name, count] of [['consignment create (1/request)', 1], [`consignment create (${BATCH}/request)`, BATCH]] as const) {
    await checkCreates(full, count);
    await checkCreates(bare, count);
    log(name);
    const [f, b] = await compare([{ spec: createSpec(full, count), settle: drained }, { spec: createSpec(bare, count) }], meter);
    log(`  outbox drained in ${f.settleSeconds.toFixed(1)} s after ${f.seconds.toFixed(0)} s of load`);
    out.push(...createRows(name, f, b, count));
  }
  log('consignment read');
  const [f, b] = await compare([{ spec: await readSpec(full, sql, 'consignment.consignments') }, { spec: await readSpec(bare, sql, BASELINE_TABLE) }], meter);
  out.push(...readRows('consignment read (GET one)', f, b));
  return out;
}
