import type { OutboxTable } from '@waybill/messaging';
import type { DeliveryRulesTable, RuleSettingsTable } from './rules/rule.table';

/** Every table of the delivery-options service's schema. */
export interface DeliveryOptionsDb {
  delivery_rules: DeliveryRulesTable;
  rule_settings: RuleSettingsTable;
  outbox: OutboxTable;
}
