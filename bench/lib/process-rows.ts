import { fmt } from './report';
import type { SideResult } from './compare';
import type { BenchRow } from './types';

/**
 * Issue 22 target 6: for one measured side, each process on its path with its CPU milliseconds per
 * request (run and settling) and its memory when the load ended (Node: resident set; Postgres backends:
 * private memory), most CPU first.
 */
export function processRows(name: string, side: string, r: SideResult, per = 'request'): BenchRow[] {
  return [...r.cpuMsPerRequestByProcess].sort((a, b) => b[1] - a[1]).map(([proc, ms]) => ({
    name, metric: `CPU per ${per}, memory at end of load: ${proc} (${side})`, value: ms,
    unit: `ms; ${fmt(r.memoryMbAtEnd.get(proc) ?? 0)} MB`,
  }));
}
