import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemo } from '@waybill/admin';
import { DEMO, startStack, type Mode, type Stack } from './stack';
import { TENANT_POOL, stackTemplates, tenantCreds } from './stack-templates';
import type { BrokerLease, BrokerTemplate } from './broker-client';

/**
 * The e2e run's stack broker: one process beside jest (started by the e2e project's global setup, stopped
 * by its teardown or when jest's end of its stdin closes). It makes the templates stacks start from, and
 * keeps the shared stacks: one per mode and environment, started when a suite first asks, reused by every
 * later suite that asks for the same, each suite on a company of its own. Printed on stdout once
 * listening: `broker <url>`.
 */
const LIVE_PER_MODE = 2;

interface Live {
  key: string;
  mode: Mode;
  stack: Stack;
  dataDir?: string;
  nextTenant: number;
  leases: Set<number>;
  lastUsed: number;
}

const templates = stackTemplates(DEMO);
const live: Live[] = [];
// For the closing line: what the run's suites asked for and what it cost.
const figures = { started: 0, leases: 0, startMs: 0, templateMs: 0 };
const timed = async <T>(field: 'startMs' | 'templateMs', fn: () => Promise<T>): Promise<T> => {
  const t0 = Date.now();
  try {
    return await fn();
  } finally {
    figures[field] += Date.now() - t0;
  }
};
let leaseIds = 0;
// Leases one at a time: two suites asking for the same stack at once must not both start it.
let queue: Promise<unknown> = Promise.resolve();
const serially = <T>(fn: () => Promise<T>): Promise<T> => {
  const run = queue.then(fn, fn);
  queue = run.catch(() => undefined);
  return run;
};

async function template(mode: Mode, databaseUrl?: string): Promise<BrokerTemplate> {
  if (mode === 'one-process') return { dataDir: await timed('templateMs', templates.oneProcessDataDir) };
  // Only the server the broker knows (a drill's private server has none).
  if (!databaseUrl || databaseUrl !== process.env.DATABASE_URL) return {};
  return { database: await timed('templateMs', templates.distributedDatabase) };
}

async function lease(mode: Mode, env: Record<string, string>): Promise<BrokerLease> {
  const key = `${mode} ${JSON.stringify(Object.entries(env).sort(([a], [b]) => a.localeCompare(b)))}`;
  let s = live.find((l) => l.key === key && (mode === 'distributed' || l.nextTenant <= TENANT_POOL));
  if (!s) s = await startShared(key, mode, env);
  const creds = tenantCreds(DEMO, s.nextTenant++);
  if (mode === 'distributed') await seedDemo({ kind: 'pg', url: s.stack.databaseUrl!, poolSize: 2 }, creds);
  const id = ++leaseIds;
  figures.leases += 1;
  s.leases.add(id);
  s.lastUsed = Date.now();
  return { id, mode, baseUrl: s.stack.baseUrl, creds, databaseUrl: s.stack.databaseUrl, namespace: s.stack.namespace };
}

async function startShared(key: string, mode: Mode, env: Record<string, string>): Promise<Live> {
  // Idle stacks still run their pollers: a few at a time, the least recently used stopped first.
  const idle = live.filter((l) => l.mode === mode && l.leases.size === 0).sort((a, b) => a.lastUsed - b.lastUsed);
  while (idle.length && live.filter((l) => l.mode === mode).length >= LIVE_PER_MODE) await stopLive(idle.shift()!);
  let dataDir: string | undefined;
  if (mode === 'one-process') {
    dataDir = mkdtempSync(join(tmpdir(), 'waybill-e2e-shared-'));
    cpSync(await timed('templateMs', templates.tenantsDataDir), dataDir, { recursive: true });
  }
  try {
    const stack = await timed('startMs', () => startStack(mode, dataDir ? { ...env, DATA_DIR: dataDir } : env));
    figures.started += 1;
    const s: Live = { key, mode, stack, dataDir, nextTenant: 1, leases: new Set(), lastUsed: Date.now() };
    live.push(s);
    return s;
  } catch (err) {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

async function stopLive(s: Live): Promise<void> {
  live.splice(live.indexOf(s), 1);
  await s.stack.stop().catch(() => undefined);
  if (s.dataDir) rmSync(s.dataDir, { recursive: true, force: true });
}

function release(id: number): void {
  for (const s of live) if (s.leases.delete(id)) s.lastUsed = Date.now();
}

async function body(req: IncomingMessage): Promise<any> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text ? JSON.parse(text) : {};
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const b = await body(req);
    let answer: unknown;
    if (req.url === '/template') answer = await template(b.mode, b.databaseUrl);
    else if (req.url === '/lease') answer = await serially(() => lease(b.mode, b.env ?? {}));
    else if (req.url === '/release') answer = (release(b.id), {});
    else {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  } catch (err) {
    res.writeHead(500, { 'content-type': 'text/plain' }).end(String((err as Error)?.stack ?? err));
  }
}

let stopping: Promise<void> | undefined;
function shutdown(): Promise<void> {
  stopping ??= (async () => {
    server.close();
    await Promise.all([...live].map((s) => stopLive(s)));
    await templates.drop().catch(() => undefined);
    if (figures.leases) {
      const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      process.stderr.write(`e2e stack broker: ${figures.leases} suites on ${figures.started} shared stacks (started in ${s(figures.startMs)}), templates ${s(figures.templateMs)} waited for\n`);
    }
    process.exit(0);
  })();
  return stopping;
}

const server = createServer((req, res) => void handle(req, res));
// A lease can take a stack's whole start; and an idle keep-alive connection closed under a client that
// is about to reuse it fails that client's next request: neither times out here.
server.requestTimeout = 0;
server.keepAliveTimeout = 0;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  // Stacks started here ask this broker for their templates too.
  process.env.WAYBILL_E2E_BROKER = `http://127.0.0.1:${port}`;
  process.stdout.write(`broker ${process.env.WAYBILL_E2E_BROKER}\n`);
});
// jest's global teardown ends stdin; so does jest's exit, however it exits.
process.stdin.on('end', () => void shutdown());
process.stdin.resume();
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
