import { SchemaId, validate } from '@waybill/contracts';
import { InvalidError } from '@waybill/http';
import { findWarehouse, type CompanyCatalog, type WarehouseInfo } from '../directory/catalog';
import { addDays } from '../engine/calendar';

/** How far ahead a shipping date may be: dates beyond are meaningless to quote and costly to compute. */
export const HORIZON_DAYS = 366;

/** `""` means absent, as on the consignments API; returns the paths that were blank for better messages. */
function withoutBlanks(value: unknown, path: string, blanks: Set<string>): unknown {
  if (value === '') {
    blanks.add(path);
    return null;
  }
  if (Array.isArray(value)) return value.map((v, i) => withoutBlanks(v, path ? `${path}.${i}` : String(i), blanks));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = withoutBlanks(v, path ? `${path}.${k}` : k, blanks);
    return out;
  }
  return value;
}

/**
 * Whether `withoutBlanks` would make a body that differs from it: one with a `""` somewhere, or with a
 * `__proto__` key (which the copy's assignment would turn into a prototype). Most checkouts have
 * neither, and are then validated and read as they are, without a copy and its path texts.
 */
function needsCopy(value: unknown): boolean {
  if (value === '') return true;
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) {
    for (const v of value) if (needsCopy(v)) return true;
    return false;
  }
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    if (k === '__proto__' || needsCopy((value as Record<string, unknown>)[k])) return true;
  }
  return false;
}

/** Validates a delivery-options request (docs/api/delivery-options.md) or throws a 400 naming every field. */
export function parseRequest(raw: unknown): Record<string, any> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new InvalidError({ non_field_errors: ['Invalid data. Expected a dictionary.'] });
  }
  const blanks = new Set<string>();
  const body = (needsCopy(raw) ? withoutBlanks(raw, '', blanks) : raw) as Record<string, any>;
  const result = validate(SchemaId.DeliveryOptionsRequest, body);
  if (result.ok) return body;
  const errors = { ...result.errors };
  for (const [path, msgs] of Object.entries(errors)) {
    if (blanks.has(path) && msgs[0] === 'This field may not be null.') errors[path] = ['This field may not be blank.'];
  }
  throw new InvalidError(errors);
}

/** The origin: the named warehouse, else the company's default one. */
export function originOf(catalog: CompanyCatalog, warehouseRef: unknown): WarehouseInfo {
  if (typeof warehouseRef === 'string' && warehouseRef !== '') {
    const w = findWarehouse(catalog, warehouseRef);
    if (!w) throw InvalidError.field('warehouse_id', `warehouse "${warehouseRef}" not found.`);
    return w;
  }
  if (!catalog.defaultWarehouse) throw InvalidError.field('warehouse_id', 'The company has no warehouse to ship from.');
  return catalog.defaultWarehouse;
}

/** A shipping date no further than the horizon from the warehouse's today, or a 400 naming the field. */
export function checkHorizon(shippingDate: string | null, today: string): string | null {
  if (shippingDate !== null && shippingDate > addDays(today, HORIZON_DAYS)) {
    throw InvalidError.field('shipping_date', `Must be within ${HORIZON_DAYS} days from today.`);
  }
  return shippingDate;
}
