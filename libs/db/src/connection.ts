import { Kysely, PostgresDialect, type Dialect } from 'kysely';
import { Pool, types } from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { mkdirSync } from 'node:fs';
import { PgliteDialect } from './pglite-dialect';

// bigint columns (sequence numbers) come back as strings from pg by default; they fit in a JS number.
types.setTypeParser(20, (v) => Number(v));

/**
 * Where a service's tables live. `pg`: a real server (one pool per service). `pglite`: the embedded
 * Postgres of the one-process demo, shared by every service, each in its own schema.
 */
export type DbTarget =
  | { kind: 'pg'; url: string; poolSize?: number }
  | { kind: 'pglite'; instance: PGlite };

export async function openPglite(dataDir?: string): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = new PGlite(dataDir);
  await pg.waitReady;
  return pg;
}

export interface Database<DB> {
  /** Query builder scoped to the service's schema: unqualified table names resolve inside it. */
  db: Kysely<DB>;
  schema: string;
  close(): Promise<void>;
  ping(): Promise<void>;
}

export function openDatabase<DB>(target: DbTarget, schema: string): Database<DB> {
  let dialect: Dialect;
  if (target.kind === 'pg') {
    const pool = new Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
    // A client whose connection dies (server restart, failover, idle timeout) must not crash the process.
    // Idle ones are reported on the pool, which replaces them; one checked out (mid-transaction, or held
    // while awaiting something else) emits on itself, and with no listener that error would be thrown.
    // Either way the query in flight fails, its transaction rolls back, and the dead client is dropped.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    dialect = new PostgresDialect({ pool });
  } else {
    dialect = new PgliteDialect(target.instance);
  }
  const root = new Kysely<DB>({ dialect });
  const db = root.withSchema(schema);
  return {
    db,
    schema,
    close: () => root.destroy(),
    ping: async () => {
      await root.selectNoFrom((eb) => eb.val(1).as('one')).execute();
    },
  };
}
