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

/** A process under test by name; its descendants (tsx's child, workers) count as it. */
export interface NamedProcess {
  name: string;
  pid: number;
}

/** CPU ticks of each process alive at the snapshot, with the name it counts under. */
export type CpuSnapshot = Map<number, { name: string; ticks: number }>;

/** The name the Postgres backends serving the bench database count under. */
export const POSTGRES = 'postgres';

/**
 * Snapshots of the CPU time of the processes under test and of the Postgres backends serving the bench
 * database. Unlike throughput on a machine shared with other work, CPU per request does not depend on
 * how much of the machine a run got, so it says what each side costs. RabbitMQ and Redis are shared
 * servers: counted only when asked (`brokers`), for paths through them, as whole servers (on a quiet
 * machine their work in the window is the path's). Linux only (reads /proc), as the benchmark machines are.
 */
export function cpuMeter(sql: Client | undefined, roots: () => NamedProcess[], opts: { brokers?: boolean } = {}): () => Promise<CpuSnapshot> {
  return async () => {
    // Without a database connection (an embedded database), the Node processes only.
    const { rows } = sql ? await sql.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()') : { rows: [] };
    const snapshot: CpuSnapshot = new Map();
    for (const root of roots()) for (const pid of descendants([root.pid])) snapshot.set(pid, { name: root.name, ticks: ticks(pid) });
    for (const r of rows) snapshot.set(Number(r.pid), { name: POSTGRES, ticks: ticks(Number(r.pid)) });
    if (opts.brokers) for (const b of brokerProcesses()) snapshot.set(b.pid, { name: b.name, ticks: ticks(b.pid) });
    return snapshot;
  };
}

/** CPU seconds spent between two snapshots by each name's processes alive at the second (a new one counts in full). */
export function cpuSecondsByName(before: CpuSnapshot, after: CpuSnapshot): Map<string, number> {
  const out = new Map<string, number>();
  for (const [pid, { name, ticks: n }] of after) {
    const spent = n - Math.min(n, before.get(pid)?.ticks ?? 0);
    out.set(name, (out.get(name) ?? 0) + spent / TICKS_PER_SECOND);
  }
  return out;
}

/** CPU seconds spent between two snapshots by every process alive at the second. */
export function cpuSeconds(before: CpuSnapshot, after: CpuSnapshot): number {
  let t = 0;
  for (const s of cpuSecondsByName(before, after).values()) t += s;
  return t;
}

/** The names the shared servers' processes count under. */
const BROKERS: Record<string, string> = { 'beam.smp': 'rabbitmq (whole server)', 'redis-server': 'redis (whole server)' };

/** RabbitMQ's Erlang VM and the Redis server running on this machine. */
function brokerProcesses(): NamedProcess[] {
  const out: NamedProcess[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const name = BROKERS[readFileSync(`/proc/${entry}/comm`, 'utf8').trim()];
      if (name) out.push({ name, pid: Number(entry) });
    } catch {
      // exited while we looked
    }
  }
  return out;
}

function statusKb(pid: number, field: 'VmRSS' | 'RssAnon'): number {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0; // gone
  }
}

/**
 * Memory of each name's processes at a snapshot, in MB: resident set of the Node processes (a tsx
 * launcher included with its child), and for the Postgres backends only their private (anonymous)
 * memory, since their resident sets mostly count the shared buffers again and again.
 */
export function memoryMb(snapshot: CpuSnapshot): Map<string, number> {
  const out = new Map<string, number>();
  for (const [pid, { name }] of snapshot) out.set(name, (out.get(name) ?? 0) + statusKb(pid, name === POSTGRES ? 'RssAnon' : 'VmRSS') / 1024);
  return out;
}
