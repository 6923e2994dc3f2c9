import { Migrator, sql, type Kysely, type Migration } from 'kysely';

/**
 * Runs a service's migrations inside its own schema. Migrations are keyed by timestamped names and
 * receive a Kysely scoped to the schema; Kysely's migration lock makes concurrent replicas safe.
 */
export async function migrateToLatest(db: Kysely<any>, schema: string, migrations: Record<string, Migration>): Promise<void> {
  await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
    migrationTableName: 'kysely_migration',
    migrationLockTableName: 'kysely_migration_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration of schema ${schema} failed${failed ? ` at ${failed.migrationName}` : ''}: ${(error as Error)?.message ?? error}`);
  }
}
