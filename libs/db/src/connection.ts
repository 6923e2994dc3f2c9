import { Kysely, PostgresDialect, type Dialect } from 'kysely';
import { Pool, types } from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
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

/**
 * How the embedded Postgres starts: PGlite's own parameters (single user, fsync off as always) with
 * shared_buffers at 16MB instead of initdb's 128MB. PGlite allocates and zeroes Postgres's shared memory
 * inside its WebAssembly heap, so all of it stays resident for the life of the process (WebAssembly memory
 * never shrinks): at 128MB it was most of the demo's memory. The demo's working set is far smaller, and
 * pages beyond it are read back from the operating system's file cache. Given on the command line, it
 * also applies to data directories made before (their postgresql.conf still says 128MB).
 */
export const PGLITE_START_PARAMS: readonly string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * The first start of a data directory runs initdb in a child process. In this process it would cost a
 * second, throwaway Postgres (a WebAssembly heap of its own plus a copy of it that initdb restores before
 * each step), several hundred MB that stay resident until a full garbage collection, and then the freed
 * pages the allocator keeps; a child gives all of it back when it exits. The result is the same directory.
 */
const INITDB_CHILD = `
const { PGlite } = require(require.resolve('@electric-sql/pglite', { paths: [process.argv[1]] }));
PGlite.create(process.argv[2], { startParams: JSON.parse(process.argv[3]) }).then((pg) => pg.close()).then(
  () => process.exit(0),
  (err) => { process.stderr.write(String((err && err.stack) || err)); process.exit(1); });
`;

async function initDataDir(dataDir: string): Promise<void> {
  await promisify(execFile)(process.execPath, ['-e', INITDB_CHILD, __dirname, dataDir, JSON.stringify(PGLITE_START_PARAMS)], {
    maxBuffer: 16 * 1024 * 1024,
  }).catch((err: Error & { stderr?: string }) => {
    throw new Error(`initdb of ${dataDir} failed: ${err.stderr?.trim() || err.message}`);
  });
}

/** PGlite on a data directory (kept on disk), or in memory without one. */
export async function openPglite(dataDir?: string): Promise<PGlite> {
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    if (!existsSync(join(dataDir, 'PG_VERSION'))) await initDataDir(dataDir);
  }
  const pg = new PGlite({ dataDir, startParams: [...PGLITE_START_PARAMS] });
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

/** The server refused a new connection for now: out of connection slots (53300), starting up or shutting down (57P03). */
const BUSY_SERVER = new Set(['53300', '57P03']);
const CONNECT_WITHIN_MS = 5000;

/**
 * A new connection the server refused for a moment (every slot taken by other processes, a restart) is asked
 * for again with backoff, for up to 5 s: nothing ran on it yet, so trying again is safe, and a burst of
 * connections elsewhere then slows a request instead of failing it.
 */
async function connectWithin(pool: Pool) {
  const deadline = Date.now() + CONNECT_WITHIN_MS;
  for (let wait = 50; ; wait = Math.min(wait * 2, 500)) {
    try {
      return await pool.connect();
    } catch (err) {
      if (!BUSY_SERVER.has(String((err as { code?: unknown }).code)) || Date.now() + wait > deadline) throw err;
      await new Promise((r) => setTimeout(r, wait));
    }
  }
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
    dialect = new PostgresDialect({ pool: { connect: () => connectWithin(pool), end: () => pool.end() } });
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
