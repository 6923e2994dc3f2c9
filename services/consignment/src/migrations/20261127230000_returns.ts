import { sql, type Kysely } from 'kysely';

/**
 * Returns (docs/api/returns.md), additive only: a consignment's direction (`outbound` for every row so far)
 * and, for a return, the outbound it returns; each company's returns policy. Older replicas leave the new
 * columns out of their inserts and get the defaults.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('consignments')
    .addColumn('direction', 'text', (c) => c.notNull().defaultTo('outbound'))
    .addColumn('return_for', 'text')
    .execute();
  await db.schema.createIndex('consignments_return_for').on('consignments').columns(['company', 'return_for'])
    .where(sql.ref('return_for'), 'is not', null).execute();
  await db.schema.createTable('returns_policies')
    .addColumn('company', 'text', (c) => c.primaryKey())
    .addColumn('policy', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('returns_policies').execute();
  await db.schema.dropIndex('consignments_return_for').execute();
  await db.schema.alterTable('consignments').dropColumn('return_for').dropColumn('direction').execute();
}
