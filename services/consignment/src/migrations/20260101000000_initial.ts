import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('company_settings')
    .addColumn('company', 'text', (c) => c.primaryKey())
    .addColumn('extra_custom_fields', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('tracking_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema.createTable('warehouses')
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address', 'jsonb', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('Europe/London'))
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('warehouses_pk', ['company', 'name'])
    .execute();

  await db.schema.createTable('company_carriers')
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('carrier_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('company_carriers_pk', ['company', 'carrier_id'])
    .execute();

  // seq orders the list (creation order) and drives keyset pagination; identifier is the public key.
  await db.schema.createTable('consignments')
    .addColumn('seq', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('identifier', 'text', (c) => c.notNull().unique())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('order_number', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('rejection_reason', 'text')
    .addColumn('requested_carrier', 'text')
    .addColumn('carrier_id', 'text')
    .addColumn('service_id', 'text')
    .addColumn('consignment_number', 'text')
    .addColumn('tracking_url', 'text')
    .addColumn('warehouse_id', 'text', (c) => c.notNull())
    .addColumn('requested_options', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('consignments_company_seq').on('consignments').columns(['company', 'seq']).execute();
  await db.schema.createIndex('consignments_company_status_seq').on('consignments').columns(['company', 'status', 'seq']).execute();
  await db.schema.createIndex('consignments_company_order_seq').on('consignments').columns(['company', 'order_number', 'seq']).execute();

  await db.schema.createTable('status_history')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('status_history_identifier').on('status_history').columns(['identifier', 'id']).execute();

  await db.schema.createTable('idempotency_keys')
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['company', 'key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['idempotency_keys', 'status_history', 'consignments', 'company_carriers', 'warehouses', 'company_settings']) {
    await db.schema.dropTable(t).execute();
  }
}
