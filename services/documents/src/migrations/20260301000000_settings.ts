import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('company_settings')
    .addColumn('company', 'text', (c) => c.primaryKey())
    .addColumn('label_sizes', 'jsonb', (c) => c.notNull().defaultTo(sql`'["4x6"]'::jsonb`))
    .addColumn('invoice_size', 'text', (c) => c.notNull().defaultTo('A4').check(sql`invoice_size in ('A4', '6x4')`))
    .addColumn('concatenate_invoices', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sender_name', 'text')
    .addColumn('sender_email', 'text')
    .addColumn('sender_phone', 'text')
    .addColumn('eori_number', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('company_settings').execute();
}
