import { sql, type Kysely } from 'kysely';

// A collection (the carrier's van booked to a warehouse) and the carrier's reference for it: carrier-link
// owns it because only carrier-link reaches carriers (docs/architecture.md).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('collections')
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('seq', 'bigserial', (c) => c.notNull())
    .addColumn('account_id', 'text')
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('warehouse_id', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('ready_time', 'text', (c) => c.notNull())
    .addColumn('close_time', 'text', (c) => c.notNull())
    .addColumn('parcels', 'integer', (c) => c.notNull())
    .addColumn('weight_kg', 'text')
    .addColumn('consignment_ids', 'jsonb', (c) => c.notNull())
    .addColumn('request', 'jsonb', (c) => c.notNull())
    .addColumn('carrier_reference', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('cancelled_at', 'timestamptz')
    .addPrimaryKeyConstraint('collections_pk', ['company', 'identifier'])
    .execute();
  await db.schema.createIndex('collections_list').on('collections').columns(['company', 'seq']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('collections').execute();
}
