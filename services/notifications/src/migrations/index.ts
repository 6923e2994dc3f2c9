import type { Migration } from 'kysely';
import { inboxMigration } from '@waybill/messaging';
import * as notifications from './20261127190000_notifications';
import * as returnRecipients from './20261127233000_return_recipients';

export const migrations: Record<string, Migration> = {
  '20261127185900_inbox': inboxMigration,
  '20261127190000_notifications': notifications,
  '20261127233000_return_recipients': returnRecipients,
};
