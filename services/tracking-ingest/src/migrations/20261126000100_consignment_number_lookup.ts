import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The tracking page finds a consignment by its own number where a carrier's tracking_url names that
  // (DHL Express's waybill) rather than a package's.
  await db.schema.createIndex('tracked_consignments_number').on('tracked_consignments').columns(['carrier_id', 'consignment_number']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tracked_consignments_number').execute();
}
