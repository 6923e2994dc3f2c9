import { join } from 'node:path';
import { Client } from 'pg';
import { openPglite, type DbTarget } from '@waybill/db';

/** The CLI works on the same storage as the services: DATABASE_URL, else the demo's DATA_DIR. */
export async function openTarget(opts: { databaseUrl?: string; dataDir?: string }): Promise<{ target: DbTarget; close(): Promise<void> }> {
  const url = opts.databaseUrl ?? process.env.DATABASE_URL;
  if (url) return { target: { kind: 'pg', url, poolSize: 2 }, close: async () => undefined };
  const pg = await openPglite(join(opts.dataDir ?? process.env.DATA_DIR ?? './.data', 'pgdata'));
  return { target: { kind: 'pglite', instance: pg }, close: () => pg.close() };
}

/** Creates the database named in the URL when it does not exist yet (first `make up`). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`database name "${name}" must be letters, digits, _ or -`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const c = new Client({ connectionString: admin.toString() });
  await c.connect();
  try {
    const r = await c.query('select 1 from pg_database where datname = $1', [name]);
    if (!r.rowCount) await c.query(`create database "${name}"`);
  } finally {
    await c.end();
  }
}
