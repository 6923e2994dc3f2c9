import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../support/ports';

/**
 * Private PostgreSQL, Redis and RabbitMQ servers for the failure drills: each drill stops and starts
 * them at will, which must never touch the machine's shared servers (other suites and people use
 * them). Each runs from a temporary directory on its own free port, configured as production would
 * be where it matters (Redis with an fsynced append-only file, RabbitMQ's durable queues on disk).
 */
export interface PrivateServer {
  name: string;
  url: string;
  start(): Promise<void>;
  /** A clean stop, as an operator's restart or a rolling upgrade does. */
  stop(): Promise<void>;
  /** Stops and removes everything it wrote. */
  destroy(): Promise<void>;
}

const IS_ROOT = process.getuid?.() === 0;

/** As root, servers that refuse to run as root (PostgreSQL) or drop to their own user (RabbitMQ) need their files owned by it. */
function ownedBy(dir: string, user: string): void {
  if (!IS_ROOT) return;
  const id = spawnSync('id', ['-u', user], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', user], { encoding: 'utf8' });
  if (id.status !== 0) throw new Error(`user ${user} does not exist: cannot run a private server as root`);
  chownSync(dir, Number(id.stdout), Number(gid.stdout));
}

function run(cmd: string, args: string[], user?: string, env: NodeJS.ProcessEnv = process.env): { status: number | null; out: string } {
  const [c, a] = IS_ROOT && user ? ['runuser', ['-u', user, '--', cmd, ...args]] : [cmd, args];
  const r = spawnSync(c, a, { encoding: 'utf8', env, timeout: 120_000 });
  return { status: r.status, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => { s.destroy(); resolve(true); });
    s.once('error', () => resolve(false));
  });
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function exited(child: ChildProcess | undefined, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => { child.kill('SIGKILL'); resolve(); }, timeoutMs);
    child.once('exit', () => { clearTimeout(timer); resolve(); });
  });
}

/** Starts a server whose files all live in `dir`; destroying it stops it and removes them. */
async function started(dir: string, s: Omit<PrivateServer, 'destroy'>): Promise<PrivateServer> {
  const server: PrivateServer = {
    ...s,
    async destroy() {
      await s.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

const PG_BIN = (() => {
  const r = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (r.status === 0) return r.stdout.trim();
  const found = spawnSync('sh', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1'], { encoding: 'utf8' }).stdout.trim();
  return found || '/usr/lib/postgresql/15/bin';
})();

export async function privatePostgres(): Promise<PrivateServer> {
  const dir = mkdtempSync(join(tmpdir(), 'waybill-drill-pg-'));
  ownedBy(dir, 'postgres');
  const data = join(dir, 'data');
  const port = await freePort();
  const init = run(join(PG_BIN, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync'], 'postgres');
  if (init.status !== 0) throw new Error(`initdb failed: ${init.out}`);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300`;
  return started(dir, {
    name: 'postgres',
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      const r = run(join(PG_BIN, 'pg_ctl'), ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', '-t', '90', 'start'], 'postgres');
      if (r.status !== 0) throw new Error(`postgres did not start: ${r.out}`);
    },
    async stop() {
      run(join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop'], 'postgres');
    },
  });
}

export async function privateRedis(): Promise<PrivateServer> {
  const dir = mkdtempSync(join(tmpdir(), 'waybill-drill-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  return started(dir, {
    name: 'redis',
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '',
        '--appendonly', 'yes', '--appendfsync', 'always'], { stdio: 'ignore' });
      await until('redis listening', () => portOpen(port));
    },
    async stop() {
      child?.kill('SIGTERM');
      await exited(child, 30_000);
    },
  });
}

export async function privateRabbit(): Promise<PrivateServer> {
  const dir = mkdtempSync(join(tmpdir(), 'waybill-drill-rabbit-'));
  const port = await freePort();
  const distPort = await freePort();
  const node = `drill${port}@localhost`;
  for (const sub of ['mnesia', 'log']) mkdirSync(join(dir, sub));
  writeFileSync(join(dir, 'enabled_plugins'), '[].\n');
  if (IS_ROOT) for (const p of [dir, join(dir, 'mnesia'), join(dir, 'log'), join(dir, 'enabled_plugins')]) ownedBy(p, 'rabbitmq');
  const env = {
    ...process.env, RABBITMQ_NODENAME: node, RABBITMQ_NODE_PORT: String(port), RABBITMQ_DIST_PORT: String(distPort),
    RABBITMQ_MNESIA_BASE: join(dir, 'mnesia'), RABBITMQ_LOG_BASE: join(dir, 'log'),
    RABBITMQ_ENABLED_PLUGINS_FILE: join(dir, 'enabled_plugins'), RABBITMQ_CONFIG_FILE: join(dir, 'none'),
  };
  let child: ChildProcess | undefined;
  return started(dir, {
    name: 'rabbitmq',
    url: `amqp://guest:guest@127.0.0.1:${port}`,
    async start() {
      child = spawn('rabbitmq-server', [], { env, stdio: 'ignore' });
      await until('rabbitmq listening', () => portOpen(port), 120_000);
    },
    async stop() {
      run('rabbitmqctl', ['-n', node, 'shutdown'], undefined, env);
      await exited(child, 30_000);
      await until('rabbitmq stopped', async () => !(await portOpen(port)), 30_000);
    },
  });
}
