import { SchemaId, validate } from '@waybill/contracts';
import { HttpError, InvalidError } from '@waybill/http';
import type { Carrier, CarrierServiceDef } from '@waybill/carrier-model';
import type { CompanyContext } from '../companies/company.context';
import { warehouseId } from '../companies/company.context';
import type { ConsignmentData } from './consignment.table';
import type { ServiceAliases } from '../aliases/service-aliases';
import { normaliseBlanks, stripReadOnly, toUtcIso, blankPaths } from './input.normalise';

/** What the client asked for, allocation-wise. `service_id` decides over `carrier`. */
export type AllocationTarget =
  | { kind: 'service'; carrier: Carrier; service: CarrierServiceDef }
  | { kind: 'carrier'; carrier: Carrier }
  | { kind: 'rules' }
  | { kind: 'none' };

export interface PreparedInput {
  /** The client's own identifier, given on create; null when Waybill makes one. */
  identifier: string | null;
  data: ConsignmentData;
  orderNumber: string;
  warehouseId: string;
  target: AllocationTarget;
  requestedCarrier: string | null;
  options: Record<string, string>;
}

const EXTRA_CUSTOM_FIELDS = ['custom_field_3', 'custom_field_4', 'custom_field_5'];

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'list';
  return typeof v === 'string' ? 'str' : typeof v;
}

/**
 * Turns one client body into validated, normalised data, or throws InvalidError with every field error.
 * A `service_id` or `carrier` that is one of the company's `aliases` is read as the alias's service.
 */
export function prepareInput(raw: unknown, mode: 'create' | 'update', ctx: CompanyContext, now: Date, aliases: ServiceAliases): PreparedInput {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new InvalidError({ non_field_errors: [`Invalid data. Expected a dictionary, but got ${typeName(raw)}.`] });
  }
  const blanks = blankPaths(raw);
  const body = stripReadOnly(normaliseBlanks(raw) as Record<string, unknown>, mode === 'create');
  if (mode === 'create' && (body.create_date === undefined || body.create_date === null)) body.create_date = now.toISOString();

  const result = validate(SchemaId.ConsignmentInput, body);
  const errors: Record<string, string[]> = result.ok ? {} : { ...result.errors };
  for (const [path, msgs] of Object.entries(errors)) {
    if (blanks.has(path) && msgs[0] === 'This field may not be null.') errors[path] = ['This field may not be blank.'];
  }
  if (!ctx.settings.extraCustomFields) {
    for (const f of EXTRA_CUSTOM_FIELDS) {
      if (body[f] !== undefined && body[f] !== null) errors[f] = ['Custom fields 3 to 5 are not enabled for this company.'];
    }
  }
  const warehouse = typeof body.warehouse_id === 'string' ? ctx.warehouse(body.warehouse_id) : ctx.defaultWarehouse();
  if (!warehouse) {
    errors.warehouse_id = [typeof body.warehouse_id === 'string' ? `warehouse "${body.warehouse_id}" not found.` : 'The company has no warehouse to ship from.'];
  }
  const target = resolveTarget(body, ctx, aliases, errors);
  const identifier = clientIdentifier(body.identifier, errors);
  if (Object.keys(errors).length > 0) throw new InvalidError(errors);

  body.create_date = toUtcIso(body.create_date as string);
  body.warehouse_id = warehouseId(warehouse!);
  const recipient = body.recipient as { address: { country: string } };
  recipient.address.country = recipient.address.country.toUpperCase();
  const options = Object.fromEntries(Object.entries((body.options ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
  const requestedCarrier = target.kind === 'service' || target.kind === 'carrier' ? target.carrier.identifier : null;
  for (const k of ['options', 'service_id', 'carrier', 'warehouse_id', 'identifier']) delete body[k];
  return { identifier, data: body as ConsignmentData, orderNumber: body.order_number as string, warehouseId: warehouseId(warehouse!), target, requestedCarrier, options };
}

const IDENTIFIER = /^[A-Za-z0-9_-]{1,64}$/;

/** The client's own identifier: a string the schema has checked, or a whole number (a database id), as its digits. */
function clientIdentifier(value: unknown, errors: Record<string, string[]>): string | null {
  if (typeof value === 'string') return value;
  if (typeof value !== 'number') return null;
  if (Number.isSafeInteger(value) && IDENTIFIER.test(String(value))) return String(value);
  errors.identifier ??= ['Enter 1 to 64 letters, digits, "-" or "_".'];
  return null;
}

/** An unknown carrier or service may be one of the company's real carriers, which carrier-link did not list just now. */
export function realCarriersUnknown(): never {
  throw new HttpError(503, 'The company\'s carrier accounts could not be consulted just now; nothing was changed. Try again shortly.', {}, { 'Retry-After': '10' });
}

/** The service an alias stands for, or the error naming the alias when that service is gone. */
function aliasedService(field: string, literal: string, target: string, ctx: CompanyContext, errors: Record<string, string[]>): AllocationTarget {
  const found = ctx.service(target);
  if (found) return { kind: 'service', ...found };
  if (ctx.realCarriersUnavailable) realCarriersUnknown();
  errors[field] = [`"${literal}" is an alias of "${target}", which is not one of the company's services.`];
  return { kind: 'none' };
}

function resolveTarget(body: Record<string, unknown>, ctx: CompanyContext, aliases: ServiceAliases, errors: Record<string, string[]>): AllocationTarget {
  const sid = body.service_id;
  if (typeof sid === 'string') {
    if (sid.trim().toLowerCase() === 'auto') return { kind: 'rules' };
    const aliased = aliases.target(sid);
    if (aliased !== undefined) return aliasedService('service_id', sid, aliased, ctx, errors);
    const found = ctx.service(sid);
    if (found) return { kind: 'service', ...found };
    if (ctx.realCarriersUnavailable) realCarriersUnknown();
    errors.service_id = [`carrier service "${sid}" not found.`];
    return { kind: 'none' };
  }
  const carrierKey = body.carrier;
  if (typeof carrierKey === 'string') {
    const aliased = aliases.target(carrierKey);
    if (aliased !== undefined) return aliasedService('carrier', carrierKey, aliased, ctx, errors);
    const carrier = ctx.carrier(carrierKey);
    if (carrier) return { kind: 'carrier', carrier };
    if (ctx.realCarriersUnavailable) realCarriersUnknown();
    errors.carrier = [`carrier "${carrierKey}" not found.`];
  }
  return { kind: 'none' };
}
