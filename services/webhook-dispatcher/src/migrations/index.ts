import type { Migration } from 'kysely';
import { inboxMigration } from '@waybill/messaging';
import * as webhooks from './20260601000000_webhooks';

export const migrations: Record<string, Migration> = {
  '20260601000000_webhooks': webhooks,
  '20260601000100_inbox': inboxMigration,
};
