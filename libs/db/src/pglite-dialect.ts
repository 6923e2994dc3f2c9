import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler,
  type DatabaseConnection, type Dialect, type Driver, type Kysely, type QueryResult,
} from 'kysely';

/**
 * PGlite is a single connection. Kysely may ask for several at once (concurrent requests, a transaction
 * next to a plain query), so connections are handed out one at a time: a transaction owns the database
 * until it ends, which gives the same isolation a real server would. Every service of the one-process
 * mode opens its own Kysely on the same instance, so the lock belongs to the instance, not the dialect:
 * otherwise one service's statements (or its rollback) would land inside another's open transaction.
 */
class Mutex {
  private tail: Promise<void> = Promise.resolve();
  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((r) => (release = r));
    const acquired = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return acquired;
  }
}

class PgliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}
  async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    const res = await this.pg.query<R>(q.sql, q.parameters as unknown[]);
    const affected = res.affectedRows;
    return {
      rows: res.rows,
      ...(affected !== undefined && affected !== null ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not supported on PGlite');
  }
}

const instanceLocks = new WeakMap<PGlite, Mutex>();

function lockOf(pg: PGlite): Mutex {
  let m = instanceLocks.get(pg);
  if (!m) {
    m = new Mutex();
    instanceLocks.set(pg, m);
  }
  return m;
}

class PgliteDriver implements Driver {
  private readonly mutex: Mutex;
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();
  constructor(private readonly pg: PGlite) {
    this.mutex = lockOf(pg);
  }
  async init(): Promise<void> {
    await this.pg.waitReady;
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.lock();
    const conn = new PgliteConnection(this.pg);
    this.releases.set(conn, release);
    return conn;
  }
  async beginTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    this.releases.get(conn)?.();
  }
  async destroy(): Promise<void> {
    // The PGlite instance is shared by every service of the process; its owner closes it.
  }
}

export class PgliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}
  createAdapter() { return new PostgresAdapter(); }
  createDriver() { return new PgliteDriver(this.pg); }
  createQueryCompiler() { return new PostgresQueryCompiler(); }
  createIntrospector(db: Kysely<any>) { return new PostgresIntrospector(db); }
}
