import type { Transaction } from 'kysely';
import type { Consignment } from '@waybill/contracts';
import type { NotificationsDb, RecipientTable } from '../database';

/**
 * What an e-mail needs of a consignment (contracts/api/consignment.json), nothing more. A return's e-mail
 * goes to the person sending it back: its sender (the outbound's recipient), not its recipient (the
 * merchant's returns warehouse).
 */
export function recipientOf(company: string, c: Consignment, asOf: Date, cancelled: boolean): RecipientTable {
  const isReturn = c.direction === 'return';
  const r = isReturn ? c.sender : c.recipient;
  const email = typeof r?.email_address === 'string' && r.email_address.includes('@') ? r.email_address.trim() : null;
  const number = c.packages?.map((p) => p.tracking_number).find((n): n is string => typeof n === 'string' && n.length > 0) ?? c.consignment_number ?? null;
  return {
    company, identifier: c.identifier, order_number: c.order_number, email,
    first_name: r?.first_name?.trim() || null,
    country: typeof r?.address?.country === 'string' ? r.address.country.toUpperCase() : null,
    carrier: c.carrier ?? null, tracking_url: c.tracking_url ?? null, tracking_number: number,
    expected_delivery_date: c.expected_delivery_date ?? null, cancelled, is_return: isReturn, as_of: asOf,
  };
}

/** Keeps the newest state of each consignment: an event older than the one applied changes nothing. */
export async function upsertRecipient(trx: Transaction<NotificationsDb>, row: RecipientTable): Promise<void> {
  const { company: _c, identifier: _i, ...rest } = row;
  await trx.insertInto('recipients').values(row)
    .onConflict((oc) => oc.columns(['company', 'identifier']).doUpdateSet(rest).where('recipients.as_of', '<=', row.as_of))
    .execute();
}

export async function findRecipient(trx: Transaction<NotificationsDb>, company: string, identifier: string): Promise<RecipientTable | undefined> {
  return trx.selectFrom('recipients').selectAll().where('company', '=', company).where('identifier', '=', identifier).executeTakeFirst();
}
