import autocannon from 'autocannon';
import { cpuSecondsByName, memoryMb, type CpuSnapshot } from './cpu';

/** Fixed for a 2-core machine: enough in flight to keep both cores busy, not so many that queues dominate. */
export const CONNECTIONS = 10;
/** Measured seconds per side and scenario, split over alternating rounds. */
export const MEASURE_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const ROUNDS = 2;

export interface LoadSpec {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Paths to cycle through (one per request) instead of the URL's own path. */
  paths?: string[];
}

/** One system under load, and what must finish after each run before the next starts. */
export interface Side {
  spec: LoadSpec;
  /** Waits until work the run left behind (e.g. events to publish) is done; returns the seconds it took. */
  settle?: () => Promise<number>;
  /** The meter's process names on this side's path (default: all it measures). */
  processes?: string[];
}

export interface SideResult {
  /** Successful (2xx) requests per second over the measured runs. */
  rps: number;
  /** The same, counting the time to settle after each run (work accepted but not yet finished). */
  sustainedRps: number;
  p50: number;
  p99: number;
  ok: number;
  seconds: number;
  settleSeconds: number;
  /** CPU milliseconds per successful request (run and settling), when a meter was given. */
  cpuMsPerRequest: number;
  /** The same for each process on the side's path, by name. */
  cpuMsPerRequestByProcess: Map<string, number>;
  /** Each process's memory (cpu.ts memoryMb) when the side's last run of load ended, by name. */
  memoryMbAtEnd: Map<string, number>;
}

function options(spec: LoadSpec, seconds: number): autocannon.Options {
  const { hostname } = new URL(spec.url);
  if (hostname !== '127.0.0.1') throw new Error(`benchmarks only load 127.0.0.1, not ${hostname}`);
  const opts: autocannon.Options = {
    url: spec.url, method: spec.method ?? 'GET', headers: spec.headers, body: spec.body,
    connections: CONNECTIONS, pipelining: 1, duration: seconds, timeout: 30,
  };
  if (spec.paths?.length) {
    const paths = spec.paths;
    let i = 0;
    opts.requests = [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) }];
  }
  return opts;
}

/** One bounded run; every response time lands in `latencies` (ms). */
async function run(spec: LoadSpec, seconds: number, latencies: number[]): Promise<autocannon.Result> {
  // Without a callback autocannon returns its event-emitting instance, which is also a promise of the result.
  const instance = autocannon(options(spec, seconds)) as unknown as autocannon.Instance & PromiseLike<autocannon.Result>;
  // At run time the event carries the client first (the typings omit it).
  instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await instance;
  const failed = result.non2xx + result.errors;
  // Errors are not throughput: a run where anything failed says nothing reliable, so it stops the bench.
  if (failed > 0) {
    throw new Error(`${spec.method ?? 'GET'} ${spec.url}: ${failed} of ${result.requests.total} requests failed `
      + `(${JSON.stringify(result.statusCodeStats ?? {})}, ${result.errors} errors, ${result.timeouts} timeouts)`);
  }
  return result;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
}

/**
 * Measures the sides against each other on a shared, noisy machine: a warm-up each, then alternating
 * rounds in A B B A order, so drift in the background load weighs on every side alike.
 */
export async function compare(sides: Side[], meter?: () => Promise<CpuSnapshot>): Promise<SideResult[]> {
  const acc = sides.map(() => ({ ok: 0, seconds: 0, settle: 0, cpu: new Map<string, number>(), memory: new Map<string, number>(), latencies: [] as number[] }));
  const onPath = (i: number, name: string) => !sides[i].processes || sides[i].processes!.includes(name);
  for (const side of sides) {
    if (WARMUP_SECONDS > 0) await run(side.spec, WARMUP_SECONDS, []);
    await side.settle?.();
  }
  const order = Array.from({ length: ROUNDS }, (_, r) => (r % 2 === 0 ? sides.map((_, i) => i) : sides.map((_, i) => i).reverse())).flat();
  for (const i of order) {
    const before = await meter?.();
    const r = await run(sides[i].spec, MEASURE_SECONDS / ROUNDS, acc[i].latencies);
    acc[i].ok += r['2xx'];
    acc[i].seconds += r.duration;
    if (before) acc[i].memory = new Map([...memoryMb(await meter!())].filter(([name]) => onPath(i, name)));
    acc[i].settle += (await sides[i].settle?.()) ?? 0;
    if (before) {
      for (const [name, s] of cpuSecondsByName(before, await meter!())) if (onPath(i, name)) acc[i].cpu.set(name, (acc[i].cpu.get(name) ?? 0) + s);
    }
  }
  return acc.map((a) => {
    const sorted = a.latencies.sort((x, y) => x - y);
    const byProcess = new Map([...a.cpu].map(([name, s]) => [name, (s * 1000) / a.ok]));
    return {
      rps: a.ok / a.seconds, sustainedRps: a.ok / (a.seconds + a.settle), p50: percentile(sorted, 50), p99: percentile(sorted, 99),
      ok: a.ok, seconds: a.seconds, settleSeconds: a.settle,
      cpuMsPerRequest: meter ? [...byProcess.values()].reduce((t, v) => t + v, 0) : NaN,
      cpuMsPerRequestByProcess: byProcess, memoryMbAtEnd: a.memory,
    };
  });
}
