import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { chooseLanguage } from '@waybill/i18n';
import type { NotificationEvent, NotificationsDb, RecipientTable } from '../database';
import { findRecipient } from '../recipients/recipient.projection';
import { DEFAULT_SETTINGS } from '../settings/settings.repository';
import { addressHash, type UnsubscribeKeys } from '../unsubscribe/unsubscribe.token';

/** Once delivered, news that it is on its way is stale: a late "despatched" or "out for delivery" is not sent. */
const SUPERSEDED_BY_DELIVERY: ReadonlySet<NotificationEvent> = new Set(['despatched', 'out_for_delivery']);

/** The company's settings, whether the address unsubscribed and whether "delivered" went out: one round trip. */
async function standing(trx: Transaction<NotificationsDb>, company: string, identifier: string, hash: string) {
  const r = await trx.selectNoFrom((eb) => [
    eb.selectFrom('notification_settings').select('enabled').where('company', '=', company).as('enabled'),
    eb.selectFrom('notification_settings').select('events').where('company', '=', company).as('events'),
    eb.exists(eb.selectFrom('unsubscribes').select('company').where('company', '=', company).where('address_hash', '=', hash)).as('unsubscribed'),
    eb.exists(eb.selectFrom('notifications').select('id').where('company', '=', company).where('consignment_identifier', '=', identifier).where('event', '=', 'delivered')).as('delivered'),
  ]).executeTakeFirstOrThrow();
  return { enabled: r.enabled ?? DEFAULT_SETTINGS.enabled, events: r.events ?? DEFAULT_SETTINGS.events, unsubscribed: Boolean(r.unsubscribed), delivered: Boolean(r.delivered) };
}

/**
 * Decides, inside the consuming transaction, whether a consignment's recipient gets an e-mail for this
 * event kind: the company has it on, the recipient has an address and the consignment is not
 * cancelled. The row's unique key (company, consignment, event) makes a second e-mail impossible
 * whatever arrives twice. Returns the id of a new e-mail to send, if any; an unsubscribed address gets
 * a row saying so, and no e-mail. `known` is the recipient when the event carried the consignment.
 */
export async function planNotification(
  trx: Transaction<NotificationsDb>, keys: UnsubscribeKeys, company: string, identifier: string, event: NotificationEvent, known?: RecipientTable,
): Promise<string | undefined> {
  const recipient = known ?? await findRecipient(trx, company, identifier);
  if (!recipient?.email || recipient.cancelled) return undefined;
  // A return has one e-mail, its booking; an outbound never has that one.
  if (recipient.is_return !== (event === 'return_created')) return undefined;
  const s = await standing(trx, company, identifier, addressHash(keys, recipient.email));
  if (!s.enabled || !s.events.includes(event)) return undefined;
  if (SUPERSEDED_BY_DELIVERY.has(event) && s.delivered) return undefined;
  const row = await trx.insertInto('notifications').values({
    id: randomUUID(), company, consignment_identifier: identifier, event, to_address: recipient.email,
    language: chooseLanguage({ country: recipient.country }), outcome: s.unsubscribed ? 'unsubscribed' : 'pending', detail: null, sent_at: null,
  }).onConflict((oc) => oc.columns(['company', 'consignment_identifier', 'event']).doNothing())
    .returning('id').executeTakeFirst();
  return row && !s.unsubscribed ? row.id : undefined;
}
