import type { DeliveryRuleConditions } from '@waybill/contracts';
import { decimalToMinor } from './money';
import type { Shipment } from './shipment';

/** What a condition sees: the shipment, its origin warehouse, and the order value in company minor units. */
export interface MatchInput {
  shipment: Shipment;
  warehouseId: string;
  /** Null when the request has no order value or one in another currency. */
  orderMinor: number | null;
}

export type Condition = (m: MatchInput) => boolean;

/**
 * `SW1A*` → a test of the postcode without spaces; a pattern with a space (`E1 *`) is tested against
 * the spaced postcode, so it can name a GB outward code exactly (E1, not E14).
 * Most rate cards list plain prefixes (`SW*`) or whole postcodes: those become `startsWith` and `===`,
 * which answer as the pattern's regular expression would (a shipment's postcode has no line
 * breaks for `.*` to stop at: whitespace is collapsed to single spaces) without running one per rule.
 */
export function postcodePattern(pattern: string): (m: MatchInput) => boolean {
  const p = pattern.trim().replace(/\s+/g, ' ').toUpperCase();
  const spaced = p.includes(' ');
  const literal = p.replace(/\*$/, '');
  if (!/[*?]/.test(literal)) {
    if (literal.length < p.length) return spaced ? (m) => m.shipment.postcode!.startsWith(literal) : (m) => m.shipment.postcodeCompact!.startsWith(literal);
    return spaced ? (m) => m.shipment.postcode === literal : (m) => m.shipment.postcodeCompact === literal;
  }
  const re = new RegExp(`^${p.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`);
  return spaced ? (m) => re.test(m.shipment.postcode!) : (m) => re.test(m.shipment.postcodeCompact!);
}

const lowerSet = (list: string[]) => new Set(list.map((s) => s.trim().toLowerCase()));

function fitsSides(sides: number[], limit: number[]): boolean {
  for (let i = 0; i < sides.length; i++) if (!(sides[i] <= limit[i])) return false;
  return true;
}

/** All checks in order, as one function: what a compiled rule calls per request. */
export function allOf(checks: readonly Condition[]): Condition {
  if (checks.length === 0) return () => true;
  return (m) => {
    for (let i = 0; i < checks.length; i++) if (!checks[i](m)) return false;
    return true;
  };
}

/**
 * Compiles a rule's conditions (except destination country, which the rule set indexes) into the
 * checks it needs, cheapest first. An absent condition adds no check; a limit ignores unknown values.
 */
export function compileConditions(c: DeliveryRuleConditions, digits: number): Condition[] {
  const checks: Condition[] = [];
  if (c.warehouses) {
    const ids = lowerSet(c.warehouses);
    checks.push((m) => ids.has(m.warehouseId.toLowerCase()));
  }
  if (c.shipping_methods) {
    const methods = lowerSet(c.shipping_methods);
    checks.push((m) => m.shipment.shippingMethod !== null && methods.has(m.shipment.shippingMethod));
  }
  if (c.rules_package_types) {
    const types = lowerSet(c.rules_package_types);
    checks.push((m) => m.shipment.rulesPackageType !== null && types.has(m.shipment.rulesPackageType));
  }
  if (c.max_packages !== undefined) checks.push((m) => m.shipment.parcels.length <= c.max_packages!);
  if (c.max_consignment_weight_kg !== undefined) checks.push((m) => m.shipment.totalWeightKg <= c.max_consignment_weight_kg!);
  // Per-package limits compare the shipment's heaviest package and largest sides (see Shipment).
  if (c.max_package_weight_kg !== undefined) {
    const limit = c.max_package_weight_kg;
    checks.push((m) => m.shipment.maxWeightKg === null || m.shipment.maxWeightKg <= limit);
  }
  if (c.max_package_dimensions_cm) {
    const limit = [...c.max_package_dimensions_cm].sort((a, b) => b - a);
    checks.push((m) => m.shipment.maxSides === null || fitsSides(m.shipment.maxSides, limit));
  }
  if (c.min_order_value !== undefined) {
    const min = decimalToMinor(c.min_order_value, digits);
    checks.push((m) => m.orderMinor !== null && m.orderMinor >= min);
  }
  if (c.max_order_value !== undefined) {
    const max = decimalToMinor(c.max_order_value, digits);
    checks.push((m) => m.orderMinor !== null && m.orderMinor <= max);
  }
  for (const [key, value] of Object.entries(c.options ?? {})) checks.push((m) => m.shipment.options[key] === value);
  for (const [key, value] of Object.entries(c.custom_fields ?? {})) checks.push((m) => m.shipment.customFields[key] === value);
  if (c.postcodes?.length) {
    const include = c.postcodes.map(postcodePattern);
    checks.push((m) => m.shipment.postcode !== null && include.some((test) => test(m)));
  }
  if (c.exclude_postcodes?.length) {
    const exclude = c.exclude_postcodes.map(postcodePattern);
    checks.push((m) => m.shipment.postcode === null || !exclude.some((test) => test(m)));
  }
  return checks;
}
