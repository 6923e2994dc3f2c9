import type { Migration } from 'kysely';
import { inboxMigration, outboxMigration } from '@waybill/messaging';
import * as initial from './20260101000000_initial';

export const migrations: Record<string, Migration> = {
  '20260101000000_initial': initial,
  '20260101000100_outbox': outboxMigration,
  '20260101000200_inbox': inboxMigration,
};
