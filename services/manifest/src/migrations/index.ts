import type { Migration } from 'kysely';
import { outboxMigration } from '@waybill/messaging';
import * as initial from './20260115000000_initial';

export const migrations: Record<string, Migration> = {
  '20260115000000_initial': initial,
  // manifest.manifest.failed is announced through it (the consignment service releases the consignments).
  '20260115000100_outbox': outboxMigration,
};
