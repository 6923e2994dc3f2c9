import type { Kysely, Transaction } from 'kysely';
import type { NotificationEvent, NotificationsDb } from '../database';

export interface Settings {
  enabled: boolean;
  events: NotificationEvent[];
  from_name: string | null;
  reply_to: string | null;
}

/** Off until a company turns it on; then every kind but returns, which a merchant books itself. */
export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  enabled: false, events: ['despatched', 'out_for_delivery', 'delivered', 'exception'] as NotificationEvent[], from_name: null, reply_to: null,
});

export async function findSettings(db: Kysely<NotificationsDb> | Transaction<NotificationsDb>, company: string): Promise<Settings> {
  const row = await db.selectFrom('notification_settings').select(['enabled', 'events', 'from_name', 'reply_to'])
    .where('company', '=', company).executeTakeFirst();
  return row ? { enabled: row.enabled, events: row.events, from_name: row.from_name, reply_to: row.reply_to } : { ...DEFAULT_SETTINGS };
}

export async function saveSettings(db: Kysely<NotificationsDb>, company: string, s: Settings): Promise<void> {
  const values = { enabled: s.enabled, events: JSON.stringify(s.events) as unknown as NotificationEvent[], from_name: s.from_name, reply_to: s.reply_to };
  await db.insertInto('notification_settings').values({ company, ...values })
    .onConflict((oc) => oc.column('company').doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
}
