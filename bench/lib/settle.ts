import { readFileSync } from 'node:fs';
import { descendants, ticks } from './cpu';

const TICKS_PER_SECOND = 100;

/** Bytes a process has written through system calls (files and sockets); 0 once it is gone. */
function writtenChars(pid: number): number {
  try {
    return Number(/wchar: (\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

export interface Settling {
  seconds: number;
  /** False when the deadline passed first: what is measured next shares the machine with that work. */
  settled: boolean;
}

/**
 * Waits until the processes under test are close to idle: a measurement that starts while the stack
 * still digests a fixture's backlog (the events of thousands of consignments just created) times that
 * backlog, not the operation. Idle means little CPU and little writing (to the database, the broker or
 * the embedded database's files, which is I/O, not CPU) for two windows in a row. Linux only (/proc).
 */
export async function settled(roots: number[], opts: { windowMs?: number; maxCpuShare?: number; maxWriteBytesPerSecond?: number; timeoutMs?: number } = {}): Promise<Settling> {
  const windowMs = opts.windowMs ?? 2000;
  const maxShare = opts.maxCpuShare ?? 0.25;
  const maxWrites = opts.maxWriteBytesPerSecond ?? 50_000;
  const started = Date.now();
  const deadline = started + (opts.timeoutMs ?? 15 * 60_000);
  const sample = () => {
    const pids = descendants(roots);
    return { cpu: pids.reduce((t, pid) => t + ticks(pid), 0), written: pids.reduce((t, pid) => t + writtenChars(pid), 0) };
  };
  let quietWindows = 0;
  while (quietWindows < 2) {
    if (Date.now() > deadline) return { seconds: (Date.now() - started) / 1000, settled: false };
    const before = sample();
    await new Promise((r) => setTimeout(r, windowMs));
    const after = sample();
    const seconds = windowMs / 1000;
    const quiet = (after.cpu - before.cpu) / TICKS_PER_SECOND / seconds <= maxShare && (after.written - before.written) / seconds <= maxWrites;
    quietWindows = quiet ? quietWindows + 1 : 0;
  }
  return { seconds: (Date.now() - started) / 1000, settled: true };
}
