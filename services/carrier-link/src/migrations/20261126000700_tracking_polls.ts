import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The polling schedule of tracking numbers at carriers that do not push (docs/carriers/tracking.md). Durable:
  // any replica claims due rows (FOR UPDATE SKIP LOCKED) and a claim moves next_poll_at on by a lease,
  // so a replica that dies mid-poll leaves its numbers due again once the lease has passed.
  // next_poll_at null: no longer polled (stopped_reason says why).
  await db.schema.createTable('tracking_polls')
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('consignment_identifier', 'text', (c) => c.notNull())
    .addColumn('tracking_number', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('carrier_reference', 'text')
    .addColumn('booked_at', 'timestamptz', (c) => c.notNull())
    .addColumn('polls', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_event_at', 'timestamptz')
    .addColumn('last_polled_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('next_poll_at', 'timestamptz')
    .addColumn('stopped_reason', 'text')
    .addPrimaryKeyConstraint('tracking_polls_pk', ['company', 'consignment_identifier', 'tracking_number'])
    .execute();
  await db.schema.createIndex('tracking_polls_due').on('tracking_polls').columns(['account_id', 'next_poll_at'])
    .where(sql.ref('next_poll_at'), 'is not', null).execute();
  await db.schema.createIndex('tracking_polls_next').on('tracking_polls').column('next_poll_at')
    .where(sql.ref('next_poll_at'), 'is not', null).execute();
  // One replica polls an account at a time, so the account's pacing (kept per process) is its pacing.
  await db.schema.createTable('tracking_poll_leases')
    .addColumn('account_id', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('until', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tracking_poll_leases').execute();
  await db.schema.dropTable('tracking_polls').execute();
}
