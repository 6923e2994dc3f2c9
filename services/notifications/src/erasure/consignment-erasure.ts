import { sql, type Transaction } from 'kysely';
import type { ErasedConsignment } from '@waybill/messaging';
import type { NotificationsDb } from '../database';

/** Why an e-mail not yet sent never will be. */
export const ERASED_DETAIL = 'The recipient\'s personal data was erased; not sent.';

/**
 * An erased consignment's copies here (docs/operations.md#retention-and-erasure): the recipient's
 * e-mail address and first name, and the address of every e-mail kept for it (the history then shows
 * `***`); an e-mail not yet sent is not sent. `as_of` moves to the erasure, so an older consignment
 * event arriving late cannot bring the address back.
 */
export async function eraseConsignmentCopies(trx: Transaction<NotificationsDb>, e: ErasedConsignment): Promise<void> {
  await trx.updateTable('recipients')
    .set({ email: null, first_name: null, as_of: sql<Date>`greatest(as_of, ${e.erasedAt.toISOString()}::timestamptz)` })
    .where('company', '=', e.company).where('identifier', '=', e.identifier)
    .execute();
  await trx.updateTable('notifications').set({ outcome: 'failed', detail: ERASED_DETAIL })
    .where('company', '=', e.company).where('consignment_identifier', '=', e.identifier).where('outcome', 'in', ['pending', 'retrying'])
    .execute();
  await trx.updateTable('notifications').set({ to_address: '' })
    .where('company', '=', e.company).where('consignment_identifier', '=', e.identifier)
    .execute();
}
