import { sql, type Transaction } from 'kysely';
import type { ErasedConsignment } from '@waybill/messaging';
import type { TrackingDb } from '../database';

/**
 * An erased consignment's copies here (docs/operations.md#retention-and-erasure): its tracking page
 * answers 404 from now on (the projection row is marked, so a late consignment event cannot bring the
 * page back), and its proofs of delivery (signatures, photos, the signatory's name) are deleted. The
 * projection never held the street, names, e-mail or phone; the town, postcode district and country stay.
 */
export async function eraseConsignmentCopies(trx: Transaction<TrackingDb>, e: ErasedConsignment): Promise<void> {
  await trx.updateTable('tracked_consignments').set({ erased_at: sql<string>`coalesce(erased_at, now())` })
    .where('company', '=', e.company).where('identifier', '=', e.identifier)
    .execute();
  const parcels = trx.selectFrom('parcels').select('id').where('company', '=', e.company).where('consignment_identifier', '=', e.identifier);
  await trx.deleteFrom('pod_documents').where('company', '=', e.company).where('parcel_id', 'in', parcels).execute();
}
