import type { Client } from 'pg';
import { cpuMeter, cpuSecondsByName, memoryMb, type CpuSnapshot, type NamedProcess } from './cpu';
import { fmt } from './report';
import type { SideResult } from './compare';
import type { BenchRow } from './types';

/**
 * Issue 22 target 6: each process on a path with its CPU milliseconds per request (or per whatever
 * `per` names) and its memory when the load ended (Node: resident set; Postgres backends: private
 * memory), most CPU first.
 */
function rows(name: string, side: string, cpuMsPer: Map<string, number>, memory: Map<string, number>, per: string): BenchRow[] {
  return [...cpuMsPer].sort((a, b) => b[1] - a[1]).map(([proc, ms]) => ({
    name, metric: `CPU per ${per}, memory at end of load: ${proc} (${side})`, value: ms,
    unit: `ms; ${fmt(memory.get(proc) ?? 0)} MB`,
  }));
}

/** The rows of one side measured by `compare()` with a meter. */
export function processRows(name: string, side: string, r: SideResult, per = 'request'): BenchRow[] {
  return rows(name, side, r.cpuMsPerRequestByProcess, r.memoryMbAtEnd, per);
}

/**
 * For benchmarks with their own load loop: `start()` before the load, `loadEnded()` when the offered
 * load ends (memory is read then), `rows()` once the work it caused is done (CPU counted until then).
 */
export function processMeter(sql: Client | undefined, roots: () => NamedProcess[], opts: { brokers?: boolean } = {}) {
  const meter = cpuMeter(sql, roots, opts);
  let before: Awaited<ReturnType<typeof meter>> | undefined;
  let memory = new Map<string, number>();
  return {
    async start(): Promise<void> { before = await meter(); },
    async loadEnded(): Promise<void> { memory = memoryMb(await meter()); },
    async rows(name: string, side: string, count: number, per = 'request'): Promise<BenchRow[]> {
      const spent = cpuSecondsByName(before!, await meter());
      return rows(name, side, new Map([...spent].map(([proc, s]) => [proc, (s * 1000) / count])), memory, per);
    },
  };
}

/**
 * For loads that alternate sides finely (one page load, one batch of bookings): each interval between
 * `begin()` and `end()` adds the CPU of the processes on this side's path (`processes`, default: every
 * name the meter knows) and reads their memory, so the last interval's end is the end of the load.
 * Sides sharing one machine-wide meter stay apart because only their own intervals count.
 */
export function sideMeter(meter: () => Promise<CpuSnapshot>, processes?: string[]) {
  const onPath = (name: string) => !processes || processes.includes(name);
  const seconds = new Map<string, number>();
  let memory = new Map<string, number>();
  let before: CpuSnapshot | undefined;
  const begin = async (): Promise<void> => { before = await meter(); };
  const end = async (): Promise<void> => {
    const now = await meter();
    memory = new Map([...memoryMb(now)].filter(([name]) => onPath(name)));
    for (const [name, s] of cpuSecondsByName(before!, now)) if (onPath(name)) seconds.set(name, (seconds.get(name) ?? 0) + s);
  };
  return {
    begin, end,
    /** Whatever `work` does, between `begin()` and `end()`. */
    async around<T>(work: () => Promise<T>): Promise<T> {
      await begin();
      try {
        return await work();
      } finally {
        await end();
      }
    },
    rows(name: string, side: string, count: number, per = 'request'): BenchRow[] {
      return rows(name, side, new Map([...seconds].map(([proc, s]) => [proc, (s * 1000) / count])), memory, per);
    },
  };
}

/**
 * The benchmark's own process under an honest name, for work that runs inside it (an adapter called as a
 * library, a pg client). List it before the processes it started: they descend from it, and a later
 * root's name wins for the same process, so they keep their own names.
 */
export const benchProcess = (name: string): NamedProcess => ({ name, pid: process.pid });

/** The name a carrier double on the path counts under. */
export const CARRIER_DOUBLE = 'carrier (double)';
