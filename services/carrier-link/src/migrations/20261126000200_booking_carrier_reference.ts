import type { Kysely } from 'kysely';

// The carrier's own reference of a booking where it is not the consignment number (Royal Mail's order
// identifiers, DHL's pickup confirmation number): handed back to the carrier to cancel.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('carrier_reference', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('carrier_reference').execute();
}
