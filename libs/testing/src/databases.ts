import { Client } from 'pg';
import { randomBytes } from 'node:crypto';
import { openPglite, type DbTarget } from '@waybill/db';

/**
 * A fresh database per test file: a new database on the real server when DATABASE_URL is set
 * (CI sets it, and an unreachable server fails the test), an in-memory PGlite otherwise.
 */
export interface TestDatabase {
  target: DbTarget;
  url?: string;
  drop(): Promise<void>;
}

export function usingRealServers(): boolean {
  return Boolean(process.env.DATABASE_URL);
}

/**
 * `template`: on the real server, the new database is a copy of that one (`CREATE DATABASE ... TEMPLATE`,
 * a file copy: a schema migrated once is not migrated again per database). Nothing may be connected to it.
 */
export async function createTestDatabase(opts: { template?: string } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const instance = await openPglite();
    return { target: { kind: 'pglite', instance }, drop: () => instance.close() };
  }
  const name = `waybill_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${opts.template ? ` template ${opts.template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'pg', url: url.toString(), poolSize: 5 },
    url: url.toString(),
    drop: async () => {
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A database on DATABASE_URL's server to copy others from (`createTestDatabase({ template: name })`):
 * `fill` writes into it (migrations, say), then it takes no connections, so copies can always be made.
 */
export async function createTemplateDatabase(fill: (url: string) => Promise<void>): Promise<{ name: string; drop(): Promise<void> }> {
  const db = await createTestDatabase();
  if (!db.url) throw new Error('a template database needs DATABASE_URL');
  const name = new URL(db.url).pathname.slice(1);
  try {
    await fill(db.url);
    await onAdmin(`alter database ${name} with allow_connections false is_template true`);
  } catch (err) {
    await db.drop();
    throw err;
  }
  return { name, drop: async () => {
    await onAdmin(`alter database ${name} with is_template false`);
    await db.drop();
  } };
}

async function onAdmin(statement: string): Promise<void> {
  const c = new Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}
