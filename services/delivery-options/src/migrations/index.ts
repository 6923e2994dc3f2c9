import type { Migration } from 'kysely';
import { outboxMigration } from '@waybill/messaging';
import * as rules from './20260301000000_rules';

export const migrations: Record<string, Migration> = {
  '20260301000000_rules': rules,
  '20260301000100_outbox': outboxMigration,
};
