import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemo } from '@waybill/admin';
import { SERVICE_CATALOGUE } from '@waybill/runtime';
import { createTestDatabase, deleteRedisKeys, deleteStackQueues, usingRealServers } from '@waybill/testing';
import { freePort } from '../e2e/support/ports';
import { DEMO, E2E_DATA_ENCRYPTION_KEY } from '../e2e/support/stack';
import { idleRss, startTimed, type Started } from './lib/footprint';
import type { Benchmark, BenchRow } from './lib/types';

/**
 * Memory and start-up of built output (issue 17.8): the one-process demo (`make run`) and each service of
 * the distributed mode started with `node --enable-source-maps dist/main.js`, next to the same programs run
 * from their TypeScript sources through tsx (how every process started before). Idle RSS after the
 * processes settle; start-up from spawn to /readyz 200. The demo is also measured against a real Postgres,
 * so the difference says what PGlite (the embedded database) costs.
 */
const NO_SERVERS = { DATABASE_URL: '', AMQP_URL: '', REDIS_URL: '' };

async function demo(entry: string, env: Record<string, string> = {}): Promise<{ rss: number; readyMs: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'waybill-footprint-'));
  const port = await freePort();
  const { proc, readyMs } = await startTimed('demo', entry, { ...NO_SERVERS, PORT: String(port), DATA_DIR: dataDir, ...env }, `http://127.0.0.1:${port}/readyz`);
  const [rss] = await idleRss([proc]);
  await proc.stop();
  rmSync(dataDir, { recursive: true, force: true });
  return { rss, readyMs };
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
    const built = await demo('infra/standalone/dist/main.js');
    const tsx = await demo('infra/standalone/src/main.ts');
    const rows: BenchRow[] = [
      { name: 'make run (one process, PGlite)', metric: 'idle RSS', value: built.rss, unit: 'MB', baseline: { name: 'tsx from sources', value: tsx.rss }, target: '< 350 MB', pass: built.rss < 350 },
      { name: 'make run (one process, PGlite)', metric: 'start to /readyz', value: built.readyMs, unit: 'ms', baseline: { name: 'tsx from sources', value: tsx.readyMs } },
    ];
    if (!usingRealServers()) return rows;
    const db = await createTestDatabase();
    try {
      const pg = await demo('infra/standalone/dist/main.js', { DATABASE_URL: db.url! });
      rows.push({ name: 'make run on a real Postgres (PGlite\'s share is the difference)', metric: 'idle RSS', value: pg.rss, unit: 'MB', baseline: { name: 'the same with PGlite', value: built.rss } });
    } finally {
      await db.drop();
    }
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
