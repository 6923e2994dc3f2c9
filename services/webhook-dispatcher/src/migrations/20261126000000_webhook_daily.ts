import { sql, type Kysely } from 'kysely';

/**
 * The dashboard's webhook figures: attempts per company and UTC day, folded in batches from the attempt
 * log (src/dashboard/webhook-rollup.ts). `rolled_up` marks the attempts already counted; the partial
 * index keeps finding the rest cheap however long the log grows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('attempts').addColumn('rolled_up', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
  await db.schema.createIndex('attempts_not_rolled_up').on('attempts').column('seq').where(sql.ref('rolled_up'), '=', false).execute();
  await db.schema.createTable('webhook_daily')
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('succeeded', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('webhook_daily_pk', ['company', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_daily').execute();
  await db.schema.dropIndex('attempts_not_rolled_up').execute();
  await db.schema.alterTable('attempts').dropColumn('rolled_up').execute();
}
