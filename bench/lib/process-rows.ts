import type { Client } from 'pg';
import { cpuMeter, cpuSecondsByName, memoryMb, type NamedProcess } from './cpu';
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
export function processMeter(sql: Client | undefined, roots: () => NamedProcess[]) {
  const meter = cpuMeter(sql, roots);
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
