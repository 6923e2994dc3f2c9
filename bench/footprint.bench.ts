import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { seedDemo } from '@waybill/admin';
import { SERVICE_CATALOGUE } from '@waybill/runtime';
import { createTestDatabase, deleteRedisKeys, deleteStackQueues, usingRealServers } from '@waybill/testing';
import { demoCommand } from '../infra/build/demo-command';
import { freePort } from '../e2e/support/ports';
import { ROOT } from '../e2e/support/processes';
import { DEMO, E2E_DATA_ENCRYPTION_KEY } from '../e2e/support/stack';
import { idleRss, startTimed, type Started } from './lib/footprint';
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
 */
const NO_SERVERS = { DATABASE_URL: '', AMQP_URL: '', REDIS_URL: '' };

interface DemoFigures { rss: number; readyMs: number; again: { rss: number; readyMs: number } }

/** The demo of checkout `root`: first start on a fresh DATA_DIR, then a restart on the same DATA_DIR. */
async function demo(root: string, opts: { fromSources?: boolean; env?: Record<string, string> } = {}): Promise<DemoFigures> {
  const cmd = demoCommand(root);
  const entry = opts.fromSources ? join(root, 'infra/standalone/src/main.ts') : join(root, cmd.entry);
  const dataDir = mkdtempSync(join(tmpdir(), 'waybill-footprint-'));
  try {
    const once = async () => {
      const port = await freePort();
      const env = { ...cmd.env, ...NO_SERVERS, PORT: String(port), DATA_DIR: dataDir, ...opts.env };
      const { proc, readyMs } = await startTimed('demo', entry, env, `http://127.0.0.1:${port}/readyz`, cmd.nodeArgs);
      try {
        const [rss] = await idleRss([proc]);
        return { rss, readyMs };
      } finally {
        await proc.stop();
      }
    };
    const first = await once();
    return { ...first, again: await once() };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Every service, one after the other (the gateway last: it is ready once they are), on the real servers. */
async function distributed(entryOf: (dir: string) => string): Promise<Map<string, { rss: number; readyMs: number }>> {
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
  try {
    for (const [i, s] of all.entries()) {
      started.push(await startTimed(s.name, entryOf(`services/${s.name}`), { ...env, [s.portVar]: String(ports[i]) }, `http://127.0.0.1:${ports[i]}/readyz`));
    }
    const rss = await idleRss(started.map((s) => s.proc));
    return new Map(all.map((s, i) => [s.name, { rss: rss[i], readyMs: started[i].readyMs }]));
  } finally {
    await Promise.all(started.map((s) => s.proc.stop()));
    await deleteStackQueues(process.env.AMQP_URL!, namespace);
    await deleteRedisKeys(process.env.REDIS_URL!, `waybill-${namespace}`);
    await db.drop();
  }
}

export const bench: Benchmark = {
  title: 'Memory and start-up: built output (node dist/) next to TypeScript through tsx',
  async run(): Promise<BenchRow[]> {
    const built = await demo(ROOT);
    const tsx = await demo(ROOT, { fromSources: true });
    const first = 'make run (one process, PGlite), first start';
    const again = 'make run again on the same DATA_DIR';
    const rows: BenchRow[] = [
      { name: first, metric: 'idle RSS', value: built.rss, unit: 'MB', baseline: { name: 'tsx from sources', value: tsx.rss }, target: '< 350 MB', pass: built.rss < 350 },
      { name: first, metric: 'start to /readyz', value: built.readyMs, unit: 'ms', baseline: { name: 'tsx from sources', value: tsx.readyMs } },
      { name: again, metric: 'idle RSS', value: built.again.rss, unit: 'MB', baseline: { name: 'tsx from sources', value: tsx.again.rss }, target: '< 350 MB', pass: built.again.rss < 350 },
      { name: again, metric: 'start to /readyz', value: built.again.readyMs, unit: 'ms', baseline: { name: 'tsx from sources', value: tsx.again.readyMs } },
    ];
    const beforeRoot = process.env.BENCH_FOOTPRINT_BEFORE;
    if (beforeRoot) {
      const before = await demo(resolve(beforeRoot));
      const by = { name: `before (${beforeRoot})` };
      rows.push(
        { name: first, metric: 'idle RSS, before/after', value: built.rss, unit: 'MB', baseline: { ...by, value: before.rss } },
        { name: first, metric: 'start to /readyz, before/after', value: built.readyMs, unit: 'ms', baseline: { ...by, value: before.readyMs } },
        { name: again, metric: 'idle RSS, before/after', value: built.again.rss, unit: 'MB', baseline: { ...by, value: before.again.rss } },
        { name: again, metric: 'start to /readyz, before/after', value: built.again.readyMs, unit: 'ms', baseline: { ...by, value: before.again.readyMs } },
      );
    }
    if (!usingRealServers()) return rows;
    const db = await createTestDatabase();
    try {
      const pg = await demo(ROOT, { env: { DATABASE_URL: db.url! } });
      rows.push({ name: 'make run on a real Postgres (PGlite\'s share is the difference)', metric: 'idle RSS', value: pg.rss, unit: 'MB', baseline: { name: 'the same with PGlite', value: built.rss } });
    } finally {
      await db.drop();
    }
    if (process.env.BENCH_FOOTPRINT_ONLY === 'demo') return rows;
    const ours = await distributed((dir) => `${dir}/dist/main.js`);
    const before = await distributed((dir) => `${dir}/src/main.ts`);
    for (const [name, f] of ours) {
      const b = before.get(name)!;
      rows.push({ name: `${name} (distributed)`, metric: 'idle RSS', value: f.rss, unit: 'MB', baseline: { name: 'tsx from sources', value: b.rss } });
      rows.push({ name: `${name} (distributed)`, metric: 'start to /readyz', value: f.readyMs, unit: 'ms', baseline: { name: 'tsx from sources', value: b.readyMs } });
    }
    return rows;
  },
};
