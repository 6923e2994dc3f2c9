import type { Migration } from 'kysely';
import { inboxMigration, outboxMigration } from '@waybill/messaging';
import * as initial from './20260601000000_initial';

export const migrations: Record<string, Migration> = {
  '20260601000000_initial': initial,
  '20260601000100_outbox': outboxMigration,
  '20260601000200_inbox': inboxMigration,
};
