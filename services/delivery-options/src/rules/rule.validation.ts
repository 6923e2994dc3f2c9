import { SchemaId, validate, type DeliveryRuleInput } from '@waybill/contracts';
import { InvalidError } from '@waybill/http';
import { DEFAULT_TRANSIT } from '../engine/compile';
import { decimalToMinor } from '../engine/money';
import { findWarehouse, type CompanyCatalog } from '../directory/catalog';
import type { RuleDefinition } from './rule.table';

const READ_ONLY = ['id', 'created_at', 'updated_at'];
const MON_FRI = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;

/**
 * Turns a rule body into the definition that is stored, or throws InvalidError with every problem:
 * the schema first, then what only the company's catalog can tell (services, warehouses) and the
 * checks between fields. Defaults are written out so a stored rule says everything it does.
 */
export function ruleDefinitionFrom(raw: unknown, catalog: CompanyCatalog): RuleDefinition {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new InvalidError({ non_field_errors: ['Invalid data. Expected a dictionary.'] });
  }
  const body = { ...(raw as Record<string, unknown>) };
  for (const k of READ_ONLY) delete body[k];
  const result = validate(SchemaId.DeliveryRuleInput, body);
  if (!result.ok) throw new InvalidError(result.errors);
  const input = body as unknown as DeliveryRuleInput;
  const errors: Record<string, string[]> = {};
  const service = catalog.services.get(input.service_id.toLowerCase());
  if (!service) errors.service_id = [`carrier service "${input.service_id}" not found.`];
  const conditions = { ...(input.conditions ?? {}) };
  const schedule = { ...(input.schedule ?? {}) };
  if (conditions.countries) conditions.countries = conditions.countries.map((c) => c.toUpperCase()) as typeof conditions.countries;
  if (conditions.warehouses) {
    conditions.warehouses = conditions.warehouses.map((ref, i) => {
      const w = findWarehouse(catalog, ref);
      if (!w) errors[`conditions.warehouses.${i}`] = [`warehouse "${ref}" not found.`];
      return w?.id ?? ref;
    }) as typeof conditions.warehouses;
  }
  if (schedule.warehouse_cutoffs) {
    schedule.warehouse_cutoffs = Object.fromEntries(Object.entries(schedule.warehouse_cutoffs).map(([ref, time]) => {
      const w = findWarehouse(catalog, ref);
      if (!w) errors[`schedule.warehouse_cutoffs.${ref}`] = [`warehouse "${ref}" not found.`];
      return [w?.id ?? ref, time];
    }));
  }
  crossFieldChecks(input, errors);
  if (Object.keys(errors).length > 0) throw new InvalidError(errors);
  schedule.transit_days ??= DEFAULT_TRANSIT[input.delivery_type];
  schedule.working_days ??= [...MON_FRI];
  if (input.delivery_type === 'nominated_day') schedule.nominated_days ??= 5;
  return {
    name: input.name, service_id: service!.serviceId, delivery_type: input.delivery_type, enabled: input.enabled ?? true,
    conditions, price: input.price, schedule,
  };
}

function crossFieldChecks(input: DeliveryRuleInput, errors: Record<string, string[]>): void {
  const bands = input.price.weight_bands ?? [];
  bands.forEach((b, i) => {
    if (i > 0 && b.up_to_kg <= bands[i - 1].up_to_kg) errors[`price.weight_bands.${i}.up_to_kg`] = ['Bands must be in ascending order of up_to_kg.'];
  });
  const c = input.conditions ?? {};
  if (c.min_order_value !== undefined && c.max_order_value !== undefined && decimalToMinor(c.max_order_value, 6) < decimalToMinor(c.min_order_value, 6)) {
    errors['conditions.max_order_value'] = ['Must not be below min_order_value.'];
  }
  const w = input.schedule?.delivery_window;
  if (w && w.end <= w.start) errors['schedule.delivery_window.end'] = ['Must be after start.'];
  if (input.schedule?.nominated_days !== undefined && input.delivery_type !== 'nominated_day') {
    errors['schedule.nominated_days'] = ['Only for the nominated_day delivery type.'];
  }
}
