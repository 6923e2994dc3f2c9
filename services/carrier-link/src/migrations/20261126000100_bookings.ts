import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // A booking made at a real carrier, with the documents the carrier produced for it: printing reads
  // these, so it never books twice and works while the carrier is down.
  await db.schema.createTable('bookings')
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('consignment_identifier', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('consignment_number', 'text', (c) => c.notNull())
    .addColumn('tracking_numbers', 'jsonb', (c) => c.notNull())
    .addColumn('tracking_url', 'text', (c) => c.notNull())
    .addColumn('label_format', 'text')
    .addColumn('customs_invoice', 'bytea')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('cancelled_at', 'timestamptz')
    // Push subscriptions (UPS Track Alert): when the carrier accepted them, and the numbers it refused
    // (those are polled instead).
    .addColumn('subscribed_at', 'timestamptz')
    .addColumn('unsubscribed_numbers', 'jsonb')
    .addPrimaryKeyConstraint('bookings_pk', ['company', 'consignment_identifier'])
    .execute();
  await db.schema.createTable('booked_labels')
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('consignment_identifier', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('content', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('booked_labels_pk', ['company', 'consignment_identifier', 'position'])
    .execute();
  // Calls whose outcome is unknown (timeout or outage after the request went out): the carrier may
  // have acted on them, so the operator looks (console, metric).
  await db.schema.createTable('call_anomalies')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('consignment_identifier', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('call_anomalies_company_at').on('call_anomalies').columns(['company', 'at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('call_anomalies').execute();
  await db.schema.dropTable('booked_labels').execute();
  await db.schema.dropTable('bookings').execute();
}
