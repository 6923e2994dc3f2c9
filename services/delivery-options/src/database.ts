import type { OutboxTable } from '@waybill/messaging';
import type { DeliveryRulesTable, RuleSettingsTable } from './rules/rule.table';
import type { RateSheetsTable } from './rate-sheets/rate-sheet.table';

/** Every table of the delivery-options service's schema. */
export interface DeliveryOptionsDb {
  delivery_rules: DeliveryRulesTable;
  rule_settings: RuleSettingsTable;
  rate_sheets: RateSheetsTable;
  outbox: OutboxTable;
}
