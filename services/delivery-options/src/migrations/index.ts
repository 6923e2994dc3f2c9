import type { Migration } from 'kysely';
import { outboxMigration } from '@waybill/messaging';
import * as rules from './20260301000000_rules';
import * as rateSheets from './20261127120000_rate_sheets';

export const migrations: Record<string, Migration> = {
  '20260301000000_rules': rules,
  '20260301000100_outbox': outboxMigration,
  '20261127120000_rate_sheets': rateSheets,
};
