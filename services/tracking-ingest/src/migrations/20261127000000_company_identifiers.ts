import type { Kysely } from 'kysely';

/**
 * A consignment identifier may be the client's own and is unique per company only (two companies may both
 * send "48213"), so the projection keys a consignment and its parcels by company and identifier.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tracked_consignments').dropConstraint('tracked_consignments_pkey').execute();
  await db.schema.alterTable('tracked_consignments').addPrimaryKeyConstraint('tracked_consignments_pkey', ['company', 'identifier']).execute();
  await db.schema.alterTable('parcels').dropConstraint('parcels_consignment_tracking').execute();
  await db.schema.alterTable('parcels').addUniqueConstraint('parcels_consignment_tracking', ['company', 'consignment_identifier', 'tracking_number']).execute();
}

export async function down(): Promise<void> {
  throw new Error('20261127000000_company_identifiers cannot be undone once two companies share an identifier');
}
