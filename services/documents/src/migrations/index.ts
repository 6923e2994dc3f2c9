import type { Migration } from 'kysely';
import { outboxMigration } from '@waybill/messaging';
import * as settings from './20260301000000_settings';

export const migrations: Record<string, Migration> = {
  '20260301000000_settings': settings,
  '20260301000100_outbox': outboxMigration,
};
