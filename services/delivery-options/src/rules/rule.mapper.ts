import type { DeliveryRule } from '@waybill/contracts';
import type { RuleRow } from './rule.repository';

/** The one place a stored rule becomes its API representation. */
export function toRule(row: RuleRow): DeliveryRule {
  const d = row.definition;
  return {
    id: row.id, name: d.name, service_id: d.service_id, delivery_type: d.delivery_type, enabled: d.enabled,
    conditions: d.conditions, price: d.price, schedule: d.schedule,
    created_at: new Date(row.created_at).toISOString(), updated_at: new Date(row.updated_at).toISOString(),
  };
}
