import { sql, type Kysely } from 'kysely';

/** Who changed what, per company (docs/operations.md#audit-log): appended by the gateway and the CLI, purged after a year. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('audit_log')
    // The page cursor: a sequence keeps the order stable when two changes share a timestamp.
    .addColumn('seq', 'bigserial', (c) => c.primaryKey())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('actor', 'text', (c) => c.notNull())
    // `token:<id>`, `user:<name>`, `cli:<os user>`: the actor's stable identity (a label can be reused).
    .addColumn('principal', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('source_ip', 'text')
    .execute();
  await db.schema.createIndex('audit_log_company_seq').on('audit_log').columns(['company', 'seq']).execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
