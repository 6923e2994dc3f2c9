import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { chooseLanguage } from '@waybill/i18n';
import type { NotificationEvent, NotificationsDb } from '../database';
import { findRecipient } from '../recipients/recipient.projection';
import { findSettings } from '../settings/settings.repository';
import { isUnsubscribed } from '../unsubscribe/unsubscribe.repository';
import type { UnsubscribeKeys } from '../unsubscribe/unsubscribe.token';

/** Once delivered, news that it is on its way is stale: a late "despatched" or "out for delivery" is not sent. */
const SUPERSEDED_BY_DELIVERY: ReadonlySet<NotificationEvent> = new Set(['despatched', 'out_for_delivery']);

/**
 * Decides, inside the consuming transaction, whether a consignment's recipient gets an e-mail for this
 * event kind: the company has it on, the recipient has an address and the consignment is not
 * cancelled. The row's unique key (company, consignment, event) makes a second e-mail impossible
 * whatever arrives twice. Returns the id of a new e-mail to send, if any; an unsubscribed address gets
 * a row saying so, and no e-mail.
 */
export async function planNotification(trx: Transaction<NotificationsDb>, keys: UnsubscribeKeys, company: string, identifier: string, event: NotificationEvent): Promise<string | undefined> {
  const settings = await findSettings(trx, company);
  if (!settings.enabled || !settings.events.includes(event)) return undefined;
  const recipient = await findRecipient(trx, company, identifier);
  if (!recipient?.email || recipient.cancelled) return undefined;
  if (SUPERSEDED_BY_DELIVERY.has(event)) {
    const delivered = await trx.selectFrom('notifications').select('id')
      .where('company', '=', company).where('consignment_identifier', '=', identifier).where('event', '=', 'delivered').executeTakeFirst();
    if (delivered) return undefined;
  }
  const unsubscribed = await isUnsubscribed(trx, keys, company, recipient.email);
  const row = await trx.insertInto('notifications').values({
    id: randomUUID(), company, consignment_identifier: identifier, event, to_address: recipient.email,
    language: chooseLanguage({ country: recipient.country }), outcome: unsubscribed ? 'unsubscribed' : 'pending', detail: null, sent_at: null,
  }).onConflict((oc) => oc.columns(['company', 'consignment_identifier', 'event']).doNothing())
    .returning('id').executeTakeFirst();
  return row && !unsubscribed ? row.id : undefined;
}
