import type { Migration } from 'kysely';
import { inboxMigration } from '@waybill/messaging';
import * as webhooks from './20260601000000_webhooks';
import * as webhookDaily from './20261126000000_webhook_daily';
import * as pumpCycle from './20261126010000_pump_cycle';
import * as messageConsignments from './20261127220000_message_consignments';

export const migrations: Record<string, Migration> = {
  '20260601000000_webhooks': webhooks,
  '20260601000100_inbox': inboxMigration,
  '20261126000000_webhook_daily': webhookDaily,
  '20261126010000_pump_cycle': pumpCycle,
  '20261127220000_message_consignments': messageConsignments,
};
