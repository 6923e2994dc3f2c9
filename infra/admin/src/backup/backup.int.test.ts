import { randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { openDatabase, openPglite, sql, type DbTarget } from '@waybill/db';
import { createTestDatabase, type TestDatabase } from '@waybill/testing';
import { migrateAll, SERVICE_MIGRATIONS } from '../migrate';
import { seedDemo } from '../seed';
import { writeBackup } from './backup';
import { restoreBackup, RestoreRefused } from './restore';
import { tablesOf } from './tables';

async function backupOf(target: DbTarget): Promise<Buffer> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (c: Buffer) => chunks.push(c));
  await writeBackup(target, SERVICE_MIGRATIONS, '0.0.0-test', sink);
  return Buffer.concat(chunks);
}

/** Every row of every service table, as Postgres renders it: what a restore must give back unchanged. */
async function contents(target: DbTarget): Promise<Record<string, string[]>> {
  const database = openDatabase(target, 'public');
  try {
    const all: Record<string, string[]> = {};
    for (const t of await tablesOf(database.db, SERVICE_MIGRATIONS.map((s) => s.schema))) {
      const { rows } = await sql<{ j: string }>`select to_jsonb(t)::text as j from ${sql.id(t.schema, t.name)} t`.execute(database.db);
      all[`${t.schema}.${t.name}`] = rows.map((r) => r.j).sort();
    }
    return all;
  } finally {
    await database.close();
  }
}

async function run(target: DbTarget, statement: string): Promise<void> {
  const database = openDatabase(target, 'public');
  try {
    await sql.raw(statement).execute(database.db);
  } finally {
    await database.close();
  }
}

/** The demo's company (credentials, warehouses, carriers, rules, branding) and a webhook endpoint: rows in most schemas. */
async function seed(target: DbTarget): Promise<void> {
  await migrateAll(target);
  await seedDemo(target, { company: 'acme', user: 'ops', password: 'correct horse battery', apiToken: 'acme-token-0123456789', deliveryOptionsKey: 'acme-key-0123456789', carrierSecret: 'carrier-secret-0123456789' },
    { dataEncryptionKey: randomBytes(32).toString('base64') });
  await run(target, `insert into webhook_dispatcher.endpoints (id, company, url, event_types, secret) values
    ('ep_1', 'acme', 'https://hooks.example.com/a', '["tracking_update"]'::jsonb, 'sealed:abc')`);
}

describe.each([['postgres'], ['embedded']])('backup and restore (%s)', (kind) => {
  let source: TestDatabase;
  let fresh: TestDatabase;
  const targetOf = async (): Promise<TestDatabase> => {
    if (kind === 'postgres') return createTestDatabase();
    const instance = await openPglite();
    return { target: { kind: 'pglite', instance }, drop: () => instance.close() };
  };

  beforeAll(async () => {
    source = await targetOf();
    fresh = await targetOf();
  });
  afterAll(async () => {
    await source.drop();
    await fresh.drop();
  });

  it('restores into an empty database every row as it was, then refuses a second restore into it', async () => {
    await seed(source.target);
    const backup = await backupOf(source.target);
    const before = await contents(source.target);
    expect(before['gateway.companies']).toHaveLength(1);
    expect(before['gateway.api_tokens']).toHaveLength(1);
    expect(before['webhook_dispatcher.endpoints']).toHaveLength(1);
    expect(Object.values(before).filter((rows) => rows.length > 0).length).toBeGreaterThan(8);

    const summary = await restoreBackup(fresh.target, SERVICE_MIGRATIONS, Readable.from(backup));
    expect(summary.rows).toBe(Object.values(before).reduce((n, rows) => n + rows.length, 0));
    expect(await contents(fresh.target)).toEqual(before);

    await expect(restoreBackup(fresh.target, SERVICE_MIGRATIONS, Readable.from(backup))).rejects.toThrow(/not empty/);
  });

  it('refuses a file that is not a backup, and one from a release that knows more migrations, leaving the target empty', async () => {
    const empty = await targetOf();
    try {
      await expect(restoreBackup(empty.target, SERVICE_MIGRATIONS, Readable.from(gzipSync('hello\n')))).rejects.toThrow(RestoreRefused);
      const newer = gzipSync(`${JSON.stringify({ header: { format: 'waybill-backup/1', version: '9.0.0', created_at: new Date().toISOString(), schemas: { gateway: ['29990101000000_future'] } } })}\n`);
      await expect(restoreBackup(empty.target, SERVICE_MIGRATIONS, Readable.from(newer))).rejects.toThrow(/Waybill 9\.0\.0/);
      const database = openDatabase(empty.target, 'public');
      try {
        expect(await tablesOf(database.db, SERVICE_MIGRATIONS.map((s) => s.schema))).toEqual([]);
      } finally {
        await database.close();
      }
    } finally {
      await empty.drop();
    }
  });
});
