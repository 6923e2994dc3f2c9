import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // seq keeps creation order, which is the order rules are evaluated and listed in.
  await db.schema.createTable('delivery_rules')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('definition', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('delivery_rules_company_seq').on('delivery_rules').columns(['company', 'seq']).execute();

  await db.schema.createTable('rule_settings')
    .addColumn('company', 'text', (c) => c.primaryKey())
    .addColumn('allocation_preference', 'text', (c) => c.notNull().defaultTo('cheapest'))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('GBP'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rule_settings').execute();
  await db.schema.dropTable('delivery_rules').execute();
}
