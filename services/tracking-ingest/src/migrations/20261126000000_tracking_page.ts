import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Events for tracking numbers no consignment of the carrier carries yet (the push beat the allocation
  // event here). Same identity as tracking_events, so a repeat is a duplicate while parked too.
  await db.schema.createTable('parked_events')
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
    .addUniqueConstraint('parked_events_identity', ['carrier_id', 'tracking_number', 'dedup_code', 'occurred_at'])
    .execute();
  await db.schema.createIndex('parked_events_received').on('parked_events').column('received_at').execute();

  // What the recipient's tracking page shows of a consignment, kept from the consignment events. Only the
  // town and the postcode district of the destination are kept: never the street, name, e-mail or phone.
  await db.schema.alterTable('tracked_consignments')
    .addColumn('cancelled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('service_name', 'text')
    .addColumn('package_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expected_delivery_date', 'text')
    .addColumn('destination_town', 'text')
    .addColumn('destination_district', 'text')
    .addColumn('destination_country', 'text')
    .addColumn('time_zone', 'text')
    .execute();

  await db.schema.createTable('tracking_page_settings')
    .addColumn('company', 'text', (c) => c.primaryKey())
    .addColumn('display_name', 'text')
    .addColumn('logo_url', 'text')
    .addColumn('accent_colour', 'text')
    .addColumn('support_email', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tracking_page_settings').execute();
  await db.schema.dropTable('parked_events').execute();
  for (const c of ['cancelled', 'service_name', 'package_count', 'expected_delivery_date', 'destination_town', 'destination_district', 'destination_country', 'time_zone']) {
    await db.schema.alterTable('tracked_consignments').dropColumn(c).execute();
  }
}
