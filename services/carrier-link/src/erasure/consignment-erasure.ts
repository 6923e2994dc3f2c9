import { sql, type Transaction } from 'kysely';
import type { ErasedConsignment } from '@waybill/messaging';
import type { CarrierLinkDb } from '../database';

/**
 * An erased consignment's copies here (docs/operations.md#retention-and-erasure): the request and
 * response bodies and messages of every call made for it (the recipient's name, address, phone travel
 * in a booking), the labels and customs invoice the carrier made at booking. The call's operation,
 * status, timing and outcome stay, so the call log still counts it.
 */
export async function eraseConsignmentCopies(trx: Transaction<CarrierLinkDb>, e: ErasedConsignment): Promise<void> {
  await trx.updateTable('carrier_calls')
    .set({ request: null, response: null, message: null, personal_data_masked_at: sql<string>`coalesce(personal_data_masked_at, now())` })
    .where('company', '=', e.company).where('consignment_identifier', '=', e.identifier)
    .execute();
  await trx.deleteFrom('booked_labels').where('company', '=', e.company).where('consignment_identifier', '=', e.identifier).execute();
  await trx.updateTable('bookings').set({ customs_invoice: null })
    .where('company', '=', e.company).where('consignment_identifier', '=', e.identifier)
    .execute();
}
