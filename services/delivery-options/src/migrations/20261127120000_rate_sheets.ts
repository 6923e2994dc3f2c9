import { sql, type Kysely } from 'kysely';

/** Rate sheets (docs/api/rates.md): additive, one table; at most one sheet per company and service. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('rate_sheets')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('service_key', 'text', (c) => c.notNull())
    .addColumn('definition', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('rate_sheets_company_service').on('rate_sheets').columns(['company', 'service_key']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_sheets').execute();
}
