import { readdirSync, readFileSync } from 'node:fs';
import type { Client } from 'pg';

const TICKS_PER_SECOND = 100;

/** utime + stime of one process, in clock ticks (0 once it is gone). */
export function ticks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** Every process descending from the given ones (tsx starts the real Node process as a child). */
export function descendants(roots: number[]): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // exited while we looked
    }
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    out.push(pid);
    for (const c of children.get(pid) ?? []) walk(c);
  };
  roots.forEach(walk);
  return out;
}

export type CpuSnapshot = Map<number, number>;

/**
 * Snapshots of the CPU time of the processes under test and of the Postgres backends serving the bench
 * database. Unlike throughput on a machine shared with other work, CPU per request does not depend on
 * how much of the machine a run got, so it says what each side costs. Redis and RabbitMQ are shared
 * servers and are not counted. Linux only (reads /proc), as the benchmark machines are.
 */
export function cpuMeter(sql: Client, roots: () => number[]): () => Promise<CpuSnapshot> {
  return async () => {
    const { rows } = await sql.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    const pids = [...descendants(roots()), ...rows.map((r) => Number(r.pid))];
    return new Map(pids.map((pid) => [pid, ticks(pid)]));
  };
}

/** CPU seconds spent between two snapshots by processes alive at the second (a new one counts in full). */
export function cpuSeconds(before: CpuSnapshot, after: CpuSnapshot): number {
  let t = 0;
  for (const [pid, n] of after) t += n - Math.min(n, before.get(pid) ?? 0);
  return t / TICKS_PER_SECOND;
}
