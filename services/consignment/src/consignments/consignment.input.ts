import { SchemaId, validate } from '@waybill/contracts';
import { HttpError, InvalidError } from '@waybill/http';
import type { Carrier, CarrierServiceDef } from '@waybill/carriers';
import type { CompanyContext } from '../companies/company.context';
import { warehouseId } from '../companies/company.context';
import type { ConsignmentData } from './consignment.table';
import { normaliseBlanks, stripReadOnly, toUtcIso, blankPaths } from './input.normalise';

/** What the client asked for, allocation-wise. `service_id` decides over `carrier`. */
export type AllocationTarget =
  | { kind: 'service'; carrier: Carrier; service: CarrierServiceDef }
  | { kind: 'carrier'; carrier: Carrier }
  | { kind: 'rules' }
  | { kind: 'none' };

export interface PreparedInput {
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

/** Turns one client body into validated, normalised data, or throws InvalidError with every field error. */
export function prepareInput(raw: unknown, mode: 'create' | 'update', ctx: CompanyContext, now: Date): PreparedInput {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new InvalidError({ non_field_errors: [`Invalid data. Expected a dictionary, but got ${typeName(raw)}.`] });
  }
  const blanks = blankPaths(raw);
  const body = stripReadOnly(normaliseBlanks(raw) as Record<string, unknown>);
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
  const target = resolveTarget(body, ctx, errors);
  if (Object.keys(errors).length > 0) throw new InvalidError(errors);

  body.create_date = toUtcIso(body.create_date as string);
  body.warehouse_id = warehouseId(warehouse!);
  const recipient = body.recipient as { address: { country: string } };
  recipient.address.country = recipient.address.country.toUpperCase();
  const options = Object.fromEntries(Object.entries((body.options ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
  const requestedCarrier = target.kind === 'service' || target.kind === 'carrier' ? target.carrier.identifier : null;
  for (const k of ['options', 'service_id', 'carrier', 'warehouse_id']) delete body[k];
  return { data: body as ConsignmentData, orderNumber: body.order_number as string, warehouseId: warehouseId(warehouse!), target, requestedCarrier, options };
}

/** An unknown carrier or service may be one of the company's real carriers, which carrier-link did not list just now. */
function realCarriersUnknown(): never {
  throw new HttpError(503, 'The company\'s carrier accounts could not be consulted just now; nothing was changed. Try again shortly.', {}, { 'Retry-After': '10' });
}

function resolveTarget(body: Record<string, unknown>, ctx: CompanyContext, errors: Record<string, string[]>): AllocationTarget {
  const sid = body.service_id;
  if (typeof sid === 'string') {
    if (sid.trim().toLowerCase() === 'auto') return { kind: 'rules' };
    const found = ctx.service(sid);
    if (found) return { kind: 'service', ...found };
    if (ctx.realCarriersUnavailable) realCarriersUnknown();
    errors.service_id = [`carrier service "${sid}" not found.`];
    return { kind: 'none' };
  }
  const carrierKey = body.carrier;
  if (typeof carrierKey === 'string') {
    const carrier = ctx.carrier(carrierKey);
    if (carrier) return { kind: 'carrier', carrier };
    if (ctx.realCarriersUnavailable) realCarriersUnknown();
    errors.carrier = [`carrier "${carrierKey}" not found.`];
  }
  return { kind: 'none' };
}
