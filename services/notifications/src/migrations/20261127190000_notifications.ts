import { sql, type Kysely } from 'kysely';

/**
 * The company settings, the recipients read model (from consignment events), one row per e-mail (its
 * unique key makes a second e-mail for a consignment and event kind impossible), and the unsubscribed
 * addresses of each company (hashes only).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('notification_settings')
    .addColumn('company', 'text', (c) => c.primaryKey())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('events', 'jsonb', (c) => c.notNull())
    .addColumn('from_name', 'text')
    .addColumn('reply_to', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createTable('recipients')
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('order_number', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('first_name', 'text')
    .addColumn('country', 'text')
    .addColumn('carrier', 'text')
    .addColumn('tracking_url', 'text')
    .addColumn('tracking_number', 'text')
    .addColumn('expected_delivery_date', 'text')
    .addColumn('cancelled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('as_of', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('recipients_pk', ['company', 'identifier'])
    .execute();
  await db.schema.createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('consignment_identifier', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('detail', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('sent_at', 'timestamptz')
    .addUniqueConstraint('notifications_once', ['company', 'consignment_identifier', 'event'])
    .execute();
  // The sweeper's work: e-mails still waiting for their first attempt, and sends that never finished.
  await db.schema.createIndex('notifications_open').on('notifications').columns(['created_at'])
    .where(sql<boolean>`outcome in ('pending', 'sending')`).execute();
  await db.schema.createTable('unsubscribes')
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('address_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('unsubscribes_pk', ['company', 'address_hash'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['unsubscribes', 'notifications', 'recipients', 'notification_settings']) await db.schema.dropTable(t).execute();
}
