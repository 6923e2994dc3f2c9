import { sql, type Kysely } from 'kysely';

/**
 * Retention of recipients' personal data (src/retention, docs/api/retention.md). Additive only: the
 * previous release keeps reading and writing `consignments` without knowing `erased_at`.
 * - `retention_settings`: a company's period; a company without a row keeps the default (365 days).
 * - `consignments.erased_at`: when the recipient's personal data was erased; null while it is kept.
 * - The sweep's index: consignments not yet erased, by their last change, so each batch reads only
 *   the rows that are due.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('retention_settings')
    .addColumn('company', 'text', (c) => c.primaryKey())
    .addColumn('personal_data_days', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.alterTable('consignments').addColumn('erased_at', 'timestamptz').execute();
  await db.schema.createIndex('consignments_retention_due').on('consignments').column('updated_at')
    .where(sql.ref('erased_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('consignments_retention_due').ifExists().execute();
  await db.schema.alterTable('consignments').dropColumn('erased_at').execute();
  await db.schema.dropTable('retention_settings').execute();
}
