import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // state: claiming (the consignment service is being asked) → generating → ready | failed.
  await db.schema.createTable('manifests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('carrier_id', 'text', (c) => c.notNull())
    .addColumn('warehouse_id', 'text', (c) => c.notNull())
    .addColumn('consignment_ids', 'jsonb', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('claim', 'jsonb')
    .addColumn('carrier_reference', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('manifests_company_key').on('manifests').columns(['company', 'idempotency_key']).unique()
    .where('idempotency_key', 'is not', null).execute();
  // The sweeper's scans: unfinished manifests by age.
  await db.schema.createIndex('manifests_unfinished').on('manifests').columns(['state', 'updated_at'])
    .where('state', 'in', ['claiming', 'generating']).execute();

  // Kept apart so that reading a manifest's state never drags megabytes of PDF along.
  await db.schema.createTable('manifest_documents')
    .addColumn('manifest_id', 'text', (c) => c.primaryKey().references('manifests.id').onDelete('cascade'))
    .addColumn('pdf', 'bytea', (c) => c.notNull())
    .addColumn('pages', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('manifest_documents').execute();
  await db.schema.dropTable('manifests').execute();
}
