import type { Migration } from 'kysely';
import { inboxMigration } from '@waybill/messaging';
import * as notifications from './20261127190000_notifications';

export const migrations: Record<string, Migration> = {
  '20261127185900_inbox': inboxMigration,
  '20261127190000_notifications': notifications,
};
