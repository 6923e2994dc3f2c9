import type { Kysely } from 'kysely';

// Carriers reached without an account (the sandbox carriers) book, void and manifest through carrier-link
// too: their bookings and manifests have no account. A booking keeps the options the carrier applied, so a
// repeated booking request answers them again.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').alterColumn('account_id', (c) => c.dropNotNull()).execute();
  await db.schema.alterTable('bookings').addColumn('applied_options', 'jsonb').execute();
  await db.schema.alterTable('carrier_manifests').alterColumn('account_id', (c) => c.dropNotNull()).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('carrier_manifests').alterColumn('account_id', (c) => c.setNotNull()).execute();
  await db.schema.alterTable('bookings').dropColumn('applied_options').execute();
  await db.schema.alterTable('bookings').alterColumn('account_id', (c) => c.setNotNull()).execute();
}
