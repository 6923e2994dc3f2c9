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

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const instance = await openPglite();
    return { target: { kind: 'pglite', instance }, drop: () => instance.close() };
  }
  const name = `waybill_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
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
