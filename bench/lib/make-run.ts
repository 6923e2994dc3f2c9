import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@waybill/testing';
import { ROOT } from '@waybill/testing';
import { settled } from './settle';

export interface MakeRunFigures {
  /** Median, over the sampling window, of the summed RSS of every process `make run` started, in MB. */
  medianMb: number;
  /** The processes seen in the last sample, with their RSS in MB (the command names a user sees in ps). */
  processes: Array<{ pid: number; command: string; rssMb: number }>;
}

/** Every process below (and including) `root`, as `ps` lists them: pid, parent, RSS in kB, command. */
function processTree(root: number): Array<{ pid: number; command: string; rssKb: number }> {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,rss=,comm='], { encoding: 'utf8' }).trim().split('\n')
    .map((line) => line.trim().split(/\s+/)).map(([pid, ppid, rss, ...cmd]) => ({ pid: Number(pid), ppid: Number(ppid), rssKb: Number(rss), command: cmd.join(' ') }));
  const tree = new Set([root]);
  let before = 0;
  while (tree.size !== before) {
    before = tree.size;
    for (const r of rows) if (tree.has(r.ppid)) tree.add(r.pid);
  }
  return rows.filter((r) => tree.has(r.pid));
}

/**
 * `make run` measured as a user would see it: the README's command started in a checkout (`make` itself,
 * what it installs and builds, then the demo), its /readyz awaited, the processes left to settle, then
 * `ps` of every process under `make` once a second for `windowMs`; the figure is the median of the sums.
 * `command` measures another launcher the same way (`pnpm demo`, what `make run` used to end in).
 */
export async function makeRunAtRest(opts: { root?: string; windowMs?: number; command?: string[] } = {}): Promise<MakeRunFigures> {
  const [program, ...args] = opts.command ?? ['make', '--no-print-directory', 'run'];
  const dataDir = mkdtempSync(join(tmpdir(), 'waybill-make-run-'));
  const port = await freePort();
  const make = spawn(program, args, {
    cwd: opts.root ?? ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '', PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', AMQP_URL: '', REDIS_URL: '' },
  });
  let out = '';
  make.stdout!.on('data', (b: Buffer) => (out = (out + b.toString()).slice(-10_000)));
  make.stderr!.on('data', (b: Buffer) => (out = (out + b.toString()).slice(-10_000)));
  try {
    await waitUntilReady(`http://127.0.0.1:${port}/readyz`, () => make.exitCode, () => out);
    await settled([make.pid!], { timeoutMs: 60_000 });
    const sums: number[] = [];
    let last: ReturnType<typeof processTree> = [];
    const end = Date.now() + (opts.windowMs ?? 30_000);
    while (Date.now() < end) {
      last = processTree(make.pid!);
      sums.push(last.reduce((t, p) => t + p.rssKb, 0) / 1024);
      await new Promise((r) => setTimeout(r, 1000));
    }
    sums.sort((a, b) => a - b);
    return { medianMb: sums[Math.floor(sums.length / 2)], processes: last.map((p) => ({ pid: p.pid, command: p.command, rssMb: p.rssKb / 1024 })) };
  } finally {
    await stopGroup(make.pid!, () => make.exitCode !== null || make.signalCode !== null);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function waitUntilReady(url: string, exited: () => number | null, output: () => string): Promise<void> {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (exited() !== null) throw new Error(`make run exited with ${exited()}:\n${output()}`);
    if (await fetch(url, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`make run was not ready in 10 minutes:\n${output()}`);
}

/** SIGTERM to make's whole process group (as Ctrl-C in a terminal reaches every process), then SIGKILL. */
async function stopGroup(pgid: number, gone: () => boolean): Promise<void> {
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-pgid, s);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const deadline = Date.now() + 20_000;
  while (!gone() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  if (!gone()) signal('SIGKILL');
}
