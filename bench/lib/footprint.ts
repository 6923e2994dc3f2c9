import { readFileSync } from 'node:fs';
import { startProcess, waitForReady, type Proc } from '@waybill/testing';
import { descendants } from './cpu';
import { settled } from './settle';

/** Resident memory of a process and its children (tsx runs the program in a child), in MB. */
export function rssMb(pid: number): number {
  let kb = 0;
  for (const p of descendants([pid])) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return kb / 1024;
}

export interface Started { proc: Proc; readyMs: number }

/** Starts an entry and times it from spawn to its /readyz answering 200. */
export async function startTimed(name: string, entry: string, env: Record<string, string>, readyUrl: string, nodeArgs?: string[]): Promise<Started> {
  const t = performance.now();
  const proc = startProcess(name, entry, { LOG_LEVEL: 'warn', ...env }, undefined, nodeArgs);
  await waitForReady(readyUrl, [proc], 120_000).catch(async (err) => {
    await proc.stop();
    throw err;
  });
  return { proc, readyMs: performance.now() - t };
}

/** Idle resident memory: once the processes have settled (little CPU, little writing), each one's RSS. */
export async function idleRss(procs: Proc[]): Promise<number[]> {
  await settled(procs.map((p) => p.child.pid!), { timeoutMs: 30_000 });
  return procs.map((p) => rssMb(p.child.pid!));
}
