import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite, type DbTarget } from '@waybill/db';
import { seedDemo, type DemoCredentials } from '@waybill/admin';
import { createTemplateDatabase } from '@waybill/testing';
import { migrateAll } from '../../infra/admin/src/migrate';

/**
 * What a stack starts from instead of an empty database: every schema already migrated. A one-process
 * stack's embedded Postgres otherwise spends most of its start in initdb and in the migrations (30 s of a
 * loaded 2-core machine's, against 15 s with a copied data folder); a distributed stack's database is a
 * `CREATE DATABASE ... TEMPLATE` copy. The stack still migrates on start, so a migration newer than the
 * template is applied as usual.
 */
export interface StackTemplates {
  /** A DATA_DIR whose `pgdata` holds the migrated schemas: copy it, never start a stack on it. */
  oneProcessDataDir(): Promise<string>;
  /** The same with `TENANT_POOL` companies seeded (`tenantCreds(1..TENANT_POOL)`), for shared stacks. */
  tenantsDataDir(): Promise<string>;
  /** A database on DATABASE_URL's server with the migrated schemas, for `createTestDatabase({ template })`. */
  distributedDatabase(): Promise<string>;
  drop(): Promise<void>;
}

/** Companies seeded ahead in a shared one-process stack (its embedded database cannot take more while it runs). */
export const TENANT_POOL = 20;

/** The n-th company of a shared stack: seeded like the demo company, under its own slug and secrets. */
export function tenantCreds(base: DemoCredentials, n: number): DemoCredentials {
  const id = `t${String(n).padStart(2, '0')}`;
  return {
    // A user name of its own too: the console's sign-in finds the company by it.
    ...base, company: `e2e-${id}`, user: `${base.user}-${id}`, apiToken: `e2e-${id}-token-0123456789abcdef`, deliveryOptionsKey: `e2e-${id}-do-key-0123456789`,
  };
}

/** Each template is made once, when first asked for. */
export function stackTemplates(demo: DemoCredentials): StackTemplates {
  const dirs: string[] = [];
  let templateDb: { name: string; drop(): Promise<void> } | undefined;
  const once = <T>(make: () => Promise<T>): (() => Promise<T>) => {
    let made: Promise<T> | undefined;
    return () => (made ??= make());
  };
  const newDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'waybill-e2e-template-'));
    dirs.push(dir);
    return dir;
  };
  const oneProcessDataDir = once(async () => {
    const dir = newDir();
    await withPglite(dir, (target) => migrateAll(target));
    return dir;
  });
  const tenantsDataDir = once(async () => {
    const dir = newDir();
    cpSync(await oneProcessDataDir(), dir, { recursive: true });
    await withPglite(dir, async (target) => {
      for (let n = 1; n <= TENANT_POOL; n++) await seedDemo(target, tenantCreds(demo, n));
    });
    return dir;
  });
  const distributedDatabase = once(async () => {
    templateDb = await createTemplateDatabase((url) => migrateAll({ kind: 'pg', url, poolSize: 2 }).then(() => undefined));
    return templateDb.name;
  });
  return {
    oneProcessDataDir, tenantsDataDir, distributedDatabase,
    drop: async () => {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      await templateDb?.drop();
    },
  };
}

async function withPglite(dataDir: string, fn: (target: DbTarget) => Promise<unknown>): Promise<void> {
  const pg = await openPglite(join(dataDir, 'pgdata'));
  try {
    await fn({ kind: 'pglite', instance: pg });
  } finally {
    await pg.close();
  }
}

