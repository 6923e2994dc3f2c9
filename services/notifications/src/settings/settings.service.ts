import type { Kysely } from 'kysely';
import { SchemaId, validate } from '@waybill/contracts';
import { InvalidError } from '@waybill/http';
import type { NotificationEvent, NotificationsDb } from '../database';
import { findSettings, saveSettings, type Settings } from './settings.repository';

/**
 * Applies a PUT (any subset of the fields) after checking it against
 * contracts/api/notification-settings.json: a bad value is a 400 naming it, and nothing changes.
 */
export async function updateSettings(db: Kysely<NotificationsDb>, company: string, changes: unknown): Promise<Settings> {
  const body = typeof changes === 'object' && changes !== null && !Array.isArray(changes)
    ? Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v]))
    : changes;
  const result = validate(SchemaId.NotificationSettings, body);
  if (!result.ok) throw new InvalidError(result.errors);
  const input = body as Partial<Settings>;
  const next = { ...await findSettings(db, company) };
  if (input.enabled !== undefined) next.enabled = input.enabled;
  if (input.events !== undefined) next.events = input.events as NotificationEvent[];
  if ('from_name' in input) next.from_name = input.from_name ?? null;
  if ('reply_to' in input) next.reply_to = input.reply_to ?? null;
  await saveSettings(db, company, next);
  return next;
}
