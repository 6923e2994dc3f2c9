import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { isAbsolute, join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

/** A service's or the demo's built entry (`make build` writes it), as deployments run it. */
export const builtEntry = (dir: string): string => `${dir}/dist/main.js`;

export interface Proc {
  name: string;
  child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** SIGKILL to the process (and any child of it): it dies mid-whatever. */
  kill(): Promise<void>;
}

/**
 * Starts an entry point as its own process, keeping its output for failure messages. Built JavaScript
 * runs under plain node with source maps, as in production (or with `nodeArgs`, as the demo script gives
 * them); a TypeScript file (bench helpers) through tsx.
 */
export function startProcess(name: string, entry: string, env: Record<string, string>, cwd = ROOT, nodeArgs = ['--enable-source-maps']): Proc {
  const path = isAbsolute(entry) ? entry : join(ROOT, entry);
  const [command, args] = entry.endsWith('.js') ? [process.execPath, [...nodeArgs, path]] : [TSX, [path]];
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, NODE_OPTIONS: '', LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return {
    name,
    child,
    output: () => out,
    kill: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      for (const pid of childrenOf(child.pid!)) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      child.kill('SIGKILL');
    }),
    stop: (signal = 'SIGTERM') => new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill(signal);
    }),
  };
}

/** The processes a launcher started (tsx runs a TypeScript entry in a child of its own). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * Polls a URL until it answers 200, or fails with the processes' output. The default deadline is below
 * jest's hook timeout (180 s): a stack that misses it is then stopped by its starter instead of being
 * left running after the hook has been abandoned.
 */
export async function waitForReady(url: string, procs: Proc[], timeoutMs = 170_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const p of procs) {
      if (p.child.exitCode !== null) throw new Error(`${p.name} exited with ${p.child.exitCode}:\n${p.output()}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} not ready in time:\n${procs.map((p) => `--- ${p.name}\n${p.output()}`).join('\n')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
