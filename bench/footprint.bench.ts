import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { seedDemo } from '@waybill/admin';
import { SERVICE_CATALOGUE } from '@waybill/runtime';
import { createTestDatabase, deleteRedisKeys, deleteStackQueues, usingRealServers } from '@waybill/testing';
import { demoCommand } from '../infra/build/demo-command';
import { freePort } from '@waybill/testing';
import { ROOT } from '@waybill/testing';
import { DEMO, E2E_DATA_ENCRYPTION_KEY } from '@waybill/testing/stacks';
import { Client } from 'pg';
import { idleRss, startTimed, type Started } from './lib/footprint';
import { makeRunAtRest } from './lib/make-run';
import { cpuMeter, POSTGRES } from './lib/cpu';
import { sideMeter } from './lib/process-rows';
import type { Benchmark, BenchRow } from './lib/types';

/**
 * Memory and start-up of built output (issue 17.8): the one-process demo (`make run`) and each service of
 * the distributed mode started with `node --enable-source-maps dist/main.js`, next to the same programs run
 * from their TypeScript sources through tsx (how every process started before). Idle RSS after the
 * processes settle; start-up from spawn to /readyz 200. The demo is started as `make run` starts it (the
 * environment and node flags of the `demo` script), on a fresh DATA_DIR and then again on the same one (a
 * second `make run`), and also against a real Postgres, so the difference says what PGlite (the embedded
 * database) costs. BENCH_FOOTPRINT_ONLY=demo stops after the demo's rows; BENCH_FOOTPRINT_BEFORE=<another
 * built checkout> measures that checkout's demo in the same run, as its own `make run` starts it.
 * Beside them, the CPU each process spent from spawn to /readyz (the start is the load here) and its
 * memory then: with a real Postgres, its backends serving the database too (those alive at /readyz;
 * a connection that came and went during the start is not seen).
 */
const NO_SERVERS = { DATABASE_URL: '', AMQP_URL: '', REDIS_URL: '' };

interface DemoFigures { rss: number; readyMs: number; perProcess: BenchRow[]; again: { rss: number; readyMs: number; perProcess: BenchRow[] } }

const FIRST = 'make run (one process, PGlite), first start';
const AGAIN = 'make run again on the same DATA_DIR';
const PER_START = 'start (spawn to /readyz)';

/** A connection to the database at `url` for the meter (none for PGlite, inside the process it measures). */
async function meterClient(url: string | undefined): Promise<Client | undefined> {
  if (!url) return undefined;
  const sql = new Client({ connectionString: url });
  await sql.connect();
  return sql;
}

/** Starts `name` (as startTimed does) between a meter's begin and end: its CPU from spawn to ready counts in full. */
async function meteredStart(meter: ReturnType<typeof sideMeter>, start: () => Promise<Started>, into: { started?: Started }): Promise<Started> {
  await meter.begin();
  into.started = await start();
  await meter.end();
  return into.started;
}

/** The demo of checkout `root`: first start on a fresh DATA_DIR, then a restart on the same DATA_DIR. */
async function demo(root: string, side: string, opts: { fromSources?: boolean; env?: Record<string, string>; names?: [string, string] } = {}): Promise<DemoFigures> {
  const cmd = demoCommand(root);
  const entry = opts.fromSources ? join(root, 'infra/standalone/src/main.ts') : join(root, cmd.entry);
  const dataDir = mkdtempSync(join(tmpdir(), 'waybill-footprint-'));
  try {
    const once = async (name: string) => {
      const port = await freePort();
      const env = { ...cmd.env, ...NO_SERVERS, PORT: String(port), DATA_DIR: dataDir, ...opts.env };
      const sql = await meterClient(opts.env?.DATABASE_URL);
      const into: { started?: Started } = {};
      const meter = sideMeter(cpuMeter(sql, () => (into.started ? [{ name: 'demo', pid: into.started.proc.child.pid! }] : [])));
      const { proc, readyMs } = await meteredStart(meter, () => startTimed('demo', entry, env, `http://127.0.0.1:${port}/readyz`, cmd.nodeArgs), into)
        .finally(() => sql?.end());
      try {
        const [rss] = await idleRss([proc]);
        return { rss, readyMs, perProcess: meter.rows(name, side, 1, PER_START) };
      } finally {
        await proc.stop();
      }
    };
    const [firstName, againName] = opts.names ?? [FIRST, AGAIN];
    const first = await once(firstName);
    return { ...first, again: await once(againName) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Every service, one after the other (the gateway last: it is ready once they are), on the real servers;
 * each one's CPU from its spawn to its /readyz, and the Postgres backends' from the first spawn to the last.
 */
async function distributed(entryOf: (dir: string) => string, side: string): Promise<{ figures: Map<string, { rss: number; readyMs: number }>; perProcess: BenchRow[] }> {
  const db = await createTestDatabase();
  await seedDemo(db.target, DEMO, { dataEncryptionKey: E2E_DATA_ENCRYPTION_KEY });
  const namespace = new URL(db.url!).pathname.slice(1);
  const all = [...SERVICE_CATALOGUE, { name: 'gateway', portVar: 'PORT', urlVar: '' }];
  const ports = await Promise.all(all.map(() => freePort()));
  const env = {
    DATABASE_URL: db.url!, AMQP_URL: process.env.AMQP_URL!, REDIS_URL: process.env.REDIS_URL!, INTERNAL_JWT_SECRET: 'bench-secret',
    HOST: '127.0.0.1', DATA_ENCRYPTION_KEY: E2E_DATA_ENCRYPTION_KEY, WAYBILL_NAMESPACE: namespace,
    ...Object.fromEntries(SERVICE_CATALOGUE.map((s, i) => [s.urlVar, `http://127.0.0.1:${ports[i]}`])),
  };
  const started: Started[] = [];
  const sql = await meterClient(db.url);
  try {
    const postgres = sideMeter(cpuMeter(sql, () => []), [POSTGRES]);
    const perProcess: BenchRow[] = [];
    await postgres.begin();
    for (const [i, s] of all.entries()) {
      const into: { started?: Started } = {};
      const meter = sideMeter(cpuMeter(undefined, () => (into.started ? [{ name: s.name, pid: into.started.proc.child.pid! }] : [])));
      started.push(await meteredStart(meter, () => startTimed(s.name, entryOf(`services/${s.name}`), { ...env, [s.portVar]: String(ports[i]) }, `http://127.0.0.1:${ports[i]}/readyz`), into));
      perProcess.push(...meter.rows(`${s.name} (distributed)`, side, 1, PER_START));
    }
    await postgres.end();
    perProcess.push(...postgres.rows('distributed mode, every service started', side, 1, 'start of all services'));
    const rss = await idleRss(started.map((s) => s.proc));
    return { figures: new Map(all.map((s, i) => [s.name, { rss: rss[i], readyMs: started[i].readyMs }])), perProcess };
  } finally {
    await sql?.end();
    await Promise.all(started.map((s) => s.proc.stop()));
    await deleteStackQueues(process.env.AMQP_URL!, namespace);
    await deleteRedisKeys(process.env.REDIS_URL!, `waybill-${namespace}`);
    await db.drop();
  }
}

export const bench: Benchmark = {
  title: 'Memory and start-up: built output (node dist/) next to TypeScript through tsx',
  async run(): Promise<BenchRow[]> {
    const built = await demo(ROOT, 'built');
    const tsx = await demo(ROOT, 'tsx from sources', { fromSources: true });
    const perProcess = [...built.perProcess, ...tsx.perProcess, ...built.again.perProcess, ...tsx.again.perProcess];
    const rows: BenchRow[] = [
      { name: FIRST, metric: 'idle RSS', value: built.rss, unit: 'MB', baseline: { name: 'tsx from sources', value: tsx.rss }, target: '< 350 MB', pass: built.rss < 350 },
      { name: FIRST, metric: 'start to /readyz', value: built.readyMs, unit: 'ms', baseline: { name: 'tsx from sources', value: tsx.readyMs } },
      { name: AGAIN, metric: 'idle RSS', value: built.again.rss, unit: 'MB', baseline: { name: 'tsx from sources', value: tsx.again.rss }, target: '< 350 MB', pass: built.again.rss < 350 },
      { name: AGAIN, metric: 'start to /readyz', value: built.again.readyMs, unit: 'ms', baseline: { name: 'tsx from sources', value: tsx.again.readyMs } },
    ];
    // As a user sees it: `make run` and everything it started, next to `pnpm demo` (what it used to run).
    const makeRun = await makeRunAtRest();
    const viaPnpm = await makeRunAtRest({ command: ['pnpm', '--silent', 'demo'] });
    rows.push({
      name: 'make run at rest, every process it started (ps, median over 30 s)', metric: 'RSS', value: makeRun.medianMb, unit: 'MB',
      baseline: { name: 'pnpm demo and its processes, the same way', value: viaPnpm.medianMb }, target: '< 350 MB', pass: makeRun.medianMb < 350,
    });
    const listed = (f: typeof makeRun) => f.processes.map((p) => `${p.command} ${p.rssMb.toFixed(0)} MB`).join(', ');
    console.log(`at rest: make run: ${listed(makeRun)}; pnpm demo: ${listed(viaPnpm)}`);
    const beforeRoot = process.env.BENCH_FOOTPRINT_BEFORE;
    if (beforeRoot) {
      const before = await demo(resolve(beforeRoot), `before (${beforeRoot})`);
      perProcess.push(...before.perProcess, ...before.again.perProcess);
      const by = { name: `before (${beforeRoot})` };
      rows.push(
        { name: FIRST, metric: 'idle RSS, before/after', value: built.rss, unit: 'MB', baseline: { ...by, value: before.rss } },
        { name: FIRST, metric: 'start to /readyz, before/after', value: built.readyMs, unit: 'ms', baseline: { ...by, value: before.readyMs } },
        { name: AGAIN, metric: 'idle RSS, before/after', value: built.again.rss, unit: 'MB', baseline: { ...by, value: before.again.rss } },
        { name: AGAIN, metric: 'start to /readyz, before/after', value: built.again.readyMs, unit: 'ms', baseline: { ...by, value: before.again.readyMs } },
      );
    }
    if (!usingRealServers()) return [...rows, ...perProcess];
    const db = await createTestDatabase();
    try {
      const names: [string, string] = ['make run on a real Postgres, first start', 'make run on a real Postgres, again'];
      const pg = await demo(ROOT, 'built', { env: { DATABASE_URL: db.url! }, names });
      rows.push({ name: 'make run on a real Postgres (PGlite\'s share is the difference)', metric: 'idle RSS', value: pg.rss, unit: 'MB', baseline: { name: 'the same with PGlite', value: built.rss } });
      perProcess.push(...pg.perProcess);
    } finally {
      await db.drop();
    }
    if (process.env.BENCH_FOOTPRINT_ONLY === 'demo') return [...rows, ...perProcess];
    const ours = await distributed((dir) => `${dir}/dist/main.js`, 'built');
    const before = await distributed((dir) => `${dir}/src/main.ts`, 'tsx from sources');
    for (const [name, f] of ours.figures) {
      const b = before.figures.get(name)!;
      rows.push({ name: `${name} (distributed)`, metric: 'idle RSS', value: f.rss, unit: 'MB', baseline: { name: 'tsx from sources', value: b.rss } });
      rows.push({ name: `${name} (distributed)`, metric: 'start to /readyz', value: f.readyMs, unit: 'ms', baseline: { name: 'tsx from sources', value: b.readyMs } });
    }
    return [...rows, ...perProcess, ...ours.perProcess, ...before.perProcess];
  },
};
