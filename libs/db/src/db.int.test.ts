import { createTestDatabase, type TestDatabase } from '@waybill/testing';
import { migrateToLatest, openDatabase, sql, type Migration } from './index';

interface DB { widgets: { id: number; name: string } }

const migrations: Record<string, Migration> = {
  '20260101000000_widgets': {
    async up(db) {
      await db.schema.createTable('widgets').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('name', 'text', (c) => c.notNull()).execute();
    },
  },
};

describe('database adapter', () => {
  const onRealServer = process.env.DATABASE_URL ? it : it.skip;
  let tdb: TestDatabase;
  beforeAll(async () => { tdb = await createTestDatabase(); });
  afterAll(async () => { await tdb.drop(); });

  it('migrates into the service schema and is idempotent across runs', async () => {
    const d = openDatabase<DB>(tdb.target, 'svc_a');
    await migrateToLatest(d.db, 'svc_a', migrations);
    await migrateToLatest(d.db, 'svc_a', migrations);
    await d.db.insertInto('widgets').values({ id: 1, name: 'one' }).execute();
    const rows = await sql<{ n: number }>`select count(*)::int as n from svc_a.widgets`.execute(d.db);
    expect(rows.rows[0].n).toBe(1);
    await d.close();
  });

  it('lets the previous release start on a schema a newer release migrated, and refuses a schema that lacks one of its migrations', async () => {
    const newer: Record<string, Migration> = { ...migrations, '20260201000000_gadgets': {
      async up(db) { await db.schema.createTable('gadgets').addColumn('id', 'integer').execute(); },
    } };
    const d = openDatabase<DB>(tdb.target, 'svc_ahead');
    await migrateToLatest(d.db, 'svc_ahead', newer);
    await expect(migrateToLatest(d.db, 'svc_ahead', migrations)).resolves.toBeUndefined();
    await d.db.insertInto('widgets').values({ id: 1, name: 'written by the previous release' }).execute();

    const other: Record<string, Migration> = { '20260101000000_sprockets': migrations['20260101000000_widgets'] };
    await expect(migrateToLatest(d.db, 'svc_ahead', other)).rejects.toThrow(/migration of schema svc_ahead failed/);
    await d.close();
  });

  onRealServer('waits for a table a request holds no longer than 2 s at a time, and tries the batch again until it gets it', async () => {
    const d = openDatabase<DB>(tdb.target, 'svc_busy');
    await migrateToLatest(d.db, 'svc_busy', migrations);
    const holder = openDatabase<DB>(tdb.target, 'svc_busy');
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => { locked = r; });
    // A long request: it holds the table past one lock timeout (2 s), then lets go.
    const request = holder.db.transaction().execute(async (trx) => {
      await sql`lock table svc_busy.widgets in row exclusive mode`.execute(trx);
      locked();
      await held;
    });
    await isLocked;
    const started = Date.now();
    const later: Record<string, Migration> = { ...migrations, '20260301000000_widget_colour': {
      async up(db) { await db.schema.alterTable('widgets').addColumn('colour', 'text').execute(); },
    } };
    const migrating = migrateToLatest(d.db, 'svc_busy', later);
    setTimeout(release, 3000);
    await migrating;
    await request;
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from information_schema.columns where table_schema = 'svc_busy' and column_name = 'colour'`.execute(d.db);
    expect(rows[0].n).toBe(1);
    await holder.close();
    await d.close();
  });

  it('rolls back a failed transaction completely', async () => {
    const d = openDatabase<DB>(tdb.target, 'svc_b');
    await migrateToLatest(d.db, 'svc_b', migrations);
    await expect(d.db.transaction().execute(async (trx) => {
      await trx.insertInto('widgets').values({ id: 1, name: 'a' }).execute();
      await trx.insertInto('widgets').values({ id: 1, name: 'dup' }).execute();
    })).rejects.toMatchObject({ code: '23505' });
    expect(await d.db.selectFrom('widgets').selectAll().execute()).toEqual([]);
    await d.close();
  });

  it('serialises concurrent transactions without interleaving', async () => {
    const d = openDatabase<DB>(tdb.target, 'svc_c');
    await migrateToLatest(d.db, 'svc_c', migrations);
    await Promise.all(Array.from({ length: 20 }, (_, i) => d.db.transaction().execute(async (trx) => {
      await trx.insertInto('widgets').values({ id: i, name: `w${i}` }).execute();
    })));
    const rows = await d.db.selectFrom('widgets').select('id').execute();
    expect(rows).toHaveLength(20);
    await d.close();
  });

  it('keeps one service transaction apart from another service on the same database', async () => {
    const a = openDatabase<DB>(tdb.target, 'svc_d');
    const b = openDatabase<DB>(tdb.target, 'svc_e');
    await migrateToLatest(a.db, 'svc_d', migrations);
    await migrateToLatest(b.db, 'svc_e', migrations);
    let release!: () => void;
    let inserted!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    const firstInserted = new Promise<void>((r) => { inserted = r; });
    const first = a.db.transaction().execute(async (trx) => {
      await trx.insertInto('widgets').values({ id: 1, name: 'kept' }).execute();
      inserted();
      await gate;
    });
    await firstInserted;
    // Another service rolls back while the first transaction is still open.
    const second = b.db.transaction().execute(async (trx) => {
      await trx.insertInto('widgets').values({ id: 1, name: 'dropped' }).execute();
      throw new Error('rolled back');
    });
    // On a server the second finishes (rolled back) before the first is let go; PGlite runs one
    // transaction at a time, so there the second waits for the first.
    if (tdb.target.kind === 'pg') await second.catch(() => undefined);
    release();
    await first;
    await expect(second).rejects.toThrow('rolled back');
    expect(await a.db.selectFrom('widgets').select('name').execute()).toEqual([{ name: 'kept' }]);
    expect(await b.db.selectFrom('widgets').select('name').execute()).toEqual([]);
    await a.close();
    await b.close();
  });

  onRealServer('survives the server ending a connection in the middle of a transaction, and carries on with new ones', async () => {
    const d = openDatabase<DB>(tdb.target, 'svc_e');
    await migrateToLatest(d.db, 'svc_e', migrations);
    const other = openDatabase<DB>(tdb.target, 'svc_e');
    // The transaction holds its connection while it waits, as one awaiting a carrier or a publish does.
    const doomed = d.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      await trx.insertInto('widgets').values({ id: 1, name: 'lost' }).execute();
      // With a timeout the call returns once the backend has exited, its socket closed: the connection's
      // error is then already on its way to this process, and arrives while nobody queries it (one turn).
      const ended = await sql<{ ok: boolean }>`select pg_terminate_backend(${rows[0].pid}, 10000) as ok`.execute(other.db);
      expect(ended.rows[0].ok).toBe(true);
      await new Promise((r) => setImmediate(r));
      await trx.insertInto('widgets').values({ id: 2, name: 'never' }).execute();
    });
    await expect(doomed).rejects.toThrow();
    await d.db.insertInto('widgets').values({ id: 3, name: 'after' }).execute();
    expect(await d.db.selectFrom('widgets').select('name').execute()).toEqual([{ name: 'after' }]);
    await other.close();
    await d.close();
  });
});
