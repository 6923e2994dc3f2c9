import { Migrator, sql, type Kysely, type Migration } from 'kysely';

/** Kysely's migrator for one service's schema, its migration tables kept inside that schema. */
function migratorOf(db: Kysely<any>, schema: string, migrations: Record<string, Migration>): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
    migrationTableName: 'kysely_migration',
    migrationLockTableName: 'kysely_migration_lock',
    // A contract migration waits for `waybill migrate --contract` while later expand migrations go ahead.
    allowUnorderedMigrations: true,
  });
}

/**
 * A contract migration (`<timestamp>_<what>_contract`) removes what the previous release's code still
 * relies on (an old key, a column it writes). Expand migrations run whenever a process of this release
 * starts; a contract one only once no process of the previous release runs: with `waybill migrate
 * --contract` after a rolling upgrade, when `MIGRATE_CONTRACT=1` (the embedded mode, or a stop-the-world
 * upgrade), or on a schema that is new (nothing older can be using it).
 */
export const isContractMigration = (name: string): boolean => name.endsWith('_contract');

/** The names of the migrations applied to `schema` (none when it has no migration table yet). */
async function appliedTo(db: Kysely<any>, schema: string): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`select name from ${sql.table(`${schema}.kysely_migration`)}`.execute(db).catch(() => ({ rows: [] }));
  return new Set(rows.map((r) => r.name));
}

/** The migrations to hand the migrator: without `contract`, the contract ones only where already applied. */
function withoutPendingContracts(migrations: Record<string, Migration>, applied: Set<string>): Record<string, Migration> {
  return Object.fromEntries(Object.entries(migrations).filter(([name]) => !isContractMigration(name) || applied.has(name)));
}

/**
 * How long a migration waits for a table lock while the previous release serves: a schema change queues
 * every request on that table behind it, so it gives up soon and tries again rather than stall traffic.
 */
const LOCK_TIMEOUT = '2s';
/** Deadlock (with a request's transaction) and lock timeout: the batch rolled back whole, so it is tried again. */
const RETRYABLE = new Set(['40P01', '55P03']);
const ATTEMPTS = 10;

/** Each migration's first statement bounds its lock waits (SET LOCAL: the migration batch's transaction only). */
function lockBounded(migrations: Record<string, Migration>): Record<string, Migration> {
  return Object.fromEntries(Object.entries(migrations).map(([name, m]) => [name, {
    ...m,
    up: async (db: Kysely<any>) => {
      await sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`).execute(db);
      await m.up(db);
    },
  }]));
}

/**
 * Runs a service's migrations inside its own schema. Migrations are keyed by timestamped names and
 * receive a Kysely scoped to the schema; Kysely's migration lock makes concurrent replicas safe. Under
 * load (a rolling upgrade, the previous release serving) a schema change may deadlock with a request or
 * wait too long for its lock: the whole batch rolls back, and it is tried again, up to ten times.
 */
export async function migrateToLatest(db: Kysely<any>, schema: string, migrations: Record<string, Migration>, o: { contract?: boolean } = {}): Promise<void> {
  await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  for (let attempt = 1; ; attempt += 1) {
    const applied = await appliedTo(db, schema);
    if (aheadOf(applied, migrations)) return;
    const contract = o.contract ?? (process.env.MIGRATE_CONTRACT === '1' || applied.size === 0);
    const migrator = migratorOf(db, schema, lockBounded(contract ? migrations : withoutPendingContracts(migrations, applied)));
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (!error && !failed) return;
    if (RETRYABLE.has(String((error as { code?: unknown } | undefined)?.code)) && attempt < ATTEMPTS) {
      await new Promise((r) => setTimeout(r, 200 * attempt));
      continue;
    }
    throw new Error(`migration of schema ${schema} failed${failed ? ` at ${failed.migrationName}` : ''}: ${(error as Error)?.message ?? error}`);
  }
}

/** Applies `migrations` up to and including `last` only (a restore rebuilds a schema as a backup had it). */
export async function migrateUpTo(db: Kysely<any>, schema: string, migrations: Record<string, Migration>, last: string): Promise<void> {
  await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  const { error, results } = await migratorOf(db, schema, migrations).migrateTo(last);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration of schema ${schema} to ${last} failed${failed ? ` at ${failed.migrationName}` : ''}: ${(error as Error)?.message ?? error}`);
  }
}

/**
 * The migrations of `migrations` not yet applied to `schema`, in order; reads only (nothing is created,
 * not even the schema or the migration table).
 */
export async function pendingMigrations(db: Kysely<any>, schema: string, migrations: Record<string, Migration>): Promise<string[]> {
  const migrator = migratorOf(db, schema, migrations);
  const { rows } = await sql<{ present: boolean }>`select exists (select 1 from information_schema.schemata where schema_name = ${schema}) as present`.execute(db);
  if (!rows[0]?.present) return Object.keys(migrations).sort();
  return (await migrator.getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
}

/**
 * True when the schema already has every one of `migrations` and more, all named after the last of them:
 * a newer release migrated it, and this process belongs to the release before (a replica restarting
 * during a rolling upgrade). Migrations only add while the previous release still runs (docs/operations.md,
 * "Upgrading"), so it starts on the newer schema instead of refusing as Kysely would ("corrupted
 * migrations"). A schema missing one of ours while holding others is a real mismatch: false, and the
 * migrator says so.
 */
function aheadOf(applied: Set<string>, migrations: Record<string, Migration>): boolean {
  const ours = Object.keys(migrations).sort();
  const last = ours[ours.length - 1] ?? '';
  const newer = [...applied].filter((name) => !Object.hasOwn(migrations, name));
  return newer.length > 0 && ours.every((name) => applied.has(name)) && newer.every((name) => name > last);
}

/** The schema a migration runs in (each gets a Kysely scoped to its service's schema), quoted for SQL text. */
export function schemaOf(db: Kysely<any>): string {
  const m = /from "([^"]+)"\."probe"/.exec(db.selectFrom('probe').selectAll().compile().sql);
  if (!m) throw new Error('a migration needs a schema-scoped Kysely');
  return `"${m[1].replace(/"/g, '""')}"`;
}
