import type { Kysely } from 'kysely';

// The carrier account that booked the consignment (carrier-link's account id), for carriers reached through
// an account: a manifest that covers the whole account (Royal Mail Click & Drop) claims only what that
// account booked. Null for other carriers and for consignments booked before it was kept.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('consignments').addColumn('carrier_account', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('consignments').dropColumn('carrier_account').execute();
}
