import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Ingest secrets are HMAC keys we must read back: stored sealed (AES-256-GCM), never in clear.
  await db.schema.createTable('carrier_secrets')
    .addColumn('carrier_id', 'text', (c) => c.primaryKey())
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Projection of the consignment service's events: which consignment a tracking number belongs to.
  await db.schema.createTable('tracked_consignments')
    .addColumn('identifier', 'text', (c) => c.primaryKey())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('order_number', 'text', (c) => c.notNull())
    .addColumn('carrier_id', 'text')
    .addColumn('carrier_name', 'text')
    .addColumn('service_id', 'text')
    .addColumn('consignment_number', 'text')
    .addColumn('source_at', 'timestamptz', (c) => c.notNull())
    .addColumn('progress_status', 'text')
    .addColumn('progress_at', 'timestamptz')
    .execute();

  // One row per tracking number of a consignment (packages sharing a number share the row); `id` is the
  // internal parcel id of the webhooks. Inactive once the consignment no longer carries the number.
  await db.schema.createTable('parcels')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('consignment_identifier', 'text', (c) => c.notNull())
    .addColumn('carrier_id', 'text', (c) => c.notNull())
    .addColumn('tracking_number', 'text', (c) => c.notNull())
    .addColumn('package_reference', 'text')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addUniqueConstraint('parcels_consignment_tracking', ['consignment_identifier', 'tracking_number'])
    .execute();
  await db.schema.createIndex('parcels_lookup').on('parcels').columns(['carrier_id', 'tracking_number'])
    .where(sql.ref('active'), '=', true).execute();

  // Each event once: (carrier, tracking number, carrier code, timestamp) is the identity of an event.
  await db.schema.createTable('tracking_events')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('carrier_id', 'text', (c) => c.notNull())
    .addColumn('tracking_number', 'text', (c) => c.notNull())
    .addColumn('dedup_code', 'text', (c) => c.notNull())
    .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('carrier_code', 'text')
    .addColumn('description', 'text')
    .addColumn('location', 'text')
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('tracking_events_identity', ['carrier_id', 'tracking_number', 'dedup_code', 'occurred_at'])
    .execute();
  await db.schema.createIndex('tracking_events_timeline').on('tracking_events')
    .columns(['carrier_id', 'tracking_number', 'occurred_at']).execute();

  await db.schema.createTable('pod_requests')
    .addColumn('parcel_id', 'bigint', (c) => c.primaryKey())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('pod_requests_pending').on('pod_requests').column('updated_at')
    .where(sql.ref('state'), '=', 'pending').execute();

  await db.schema.createTable('pod_documents')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('parcel_id', 'bigint', (c) => c.notNull())
    .addColumn('file_type', 'text', (c) => c.notNull())
    .addColumn('proof_of_delivery_type', 'text', (c) => c.notNull())
    .addColumn('package_tracking_number', 'text')
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['pod_documents', 'pod_requests', 'tracking_events', 'parcels', 'tracked_consignments', 'carrier_secrets']) {
    await db.schema.dropTable(t).execute();
  }
}
