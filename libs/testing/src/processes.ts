import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { isAbsolute, join } from 'node:path';
import { catalogueEntry } from '@waybill/runtime';
import { deleteRedisKeys } from './platform';
import { deleteStackQueues } from './stack-events';

/** The repository's root (this file is at the same depth in src/ and in dist/). */
export const ROOT = join(__dirname, '..', '..', '..');
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

/** A port nothing listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
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

export interface ServiceProcess {
  /** Its base URL, e.g. `http://127.0.0.1:40123`. */
  url: string;
  port: number;
  /** Its process id (the process a benchmark measures). */
  pid: number;
  /** Its WAYBILL_NAMESPACE: its exchange and queues on RabbitMQ, its keys on Redis. */
  namespace: string;
  /** What it wrote to stdout and stderr (the last 20 kB), for failure messages. */
  output(): string;
  /** SIGTERM, then deletes its queues, exchanges and Redis keys (the servers are shared). */
  stop(): Promise<void>;
}

/**
 * One service as its own process, as deployments run it: its built `services/<service>/dist/main.js`
 * against RabbitMQ and Redis (AMQP_URL, REDIS_URL of this process) under a namespace of its own, on a
 * free port, resolved once its /readyz answers. `env` gives the rest (DATABASE_URL,
 * INTERNAL_JWT_SECRET, ...); a WAYBILL_NAMESPACE there is kept.
 */
export async function startServiceProcess(service: string, env: Record<string, string>): Promise<ServiceProcess> {
  const entry = builtEntry(join(ROOT, 'services', service));
  if (!existsSync(entry)) throw new Error(`${entry} does not exist: run \`make build\` first (\`make test\` does)`);
  const { AMQP_URL: amqpUrl, REDIS_URL: redisUrl } = process.env;
  if (!amqpUrl || !redisUrl) throw new Error(`${service} as its own process needs RabbitMQ and Redis: set AMQP_URL and REDIS_URL`);
  const namespace = env.WAYBILL_NAMESPACE ?? `t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const port = await freePort();
  const proc = startProcess(service, entry, {
    AMQP_URL: amqpUrl, REDIS_URL: redisUrl, HOST: '127.0.0.1', WAYBILL_NAMESPACE: namespace, ...env,
    [catalogueEntry(service).portVar]: String(port),
  });
  const stop = async () => {
    await proc.stop();
    await deleteStackQueues(amqpUrl, namespace);
    await deleteRedisKeys(redisUrl, `waybill-${namespace}`);
  };
  const url = `http://127.0.0.1:${port}`;
  await waitForReady(`${url}/readyz`, [proc], 90_000).catch(async (err) => {
    await stop();
    throw err;
  });
  return { url, port, pid: proc.child.pid!, namespace, output: proc.output, stop };
}
