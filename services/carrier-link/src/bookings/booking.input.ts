import type { Address, BookingRequest, ParcelSpec } from '@waybill/carriers';
import { InvalidError } from '@waybill/http';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The internal booking body: `{"consignment_identifier", "carrier", "request": <BookingRequest>}`, sent by
 * the consignment service once it has validated the consignment; checked here for shape only.
 */
export function bookingInput(body: unknown, company: string): { consignment: string; carrier: string; request: BookingRequest } {
  const errors: Record<string, string[]> = {};
  const need = (cond: boolean, path: string, message: string) => { if (!cond) errors[path] ??= [message]; };
  const b = isObject(body) ? body : {};
  need(typeof b.consignment_identifier === 'string' && b.consignment_identifier !== '', 'consignment_identifier', 'This field is required.');
  need(typeof b.carrier === 'string' && b.carrier !== '', 'carrier', 'This field is required.');
  const r = isObject(b.request) ? b.request : {};
  need(isObject(b.request), 'request', 'This field is required.');
  for (const k of ['orderNumber', 'serviceName'] as const) need(typeof r[k] === 'string', `request.${k}`, 'This field is required.');
  for (const k of ['origin', 'destination'] as const) {
    const a = isObject(r[k]) ? (r[k] as Json) : {};
    for (const f of ['address1', 'city', 'postcode', 'country']) need(typeof a[f] === 'string', `request.${k}.${f}`, 'This field is required.');
  }
  need(Array.isArray(r.parcels) && r.parcels.every(isObject), 'request.parcels', 'Expected a list of parcels.');
  if (Object.keys(errors).length) throw new InvalidError(errors);
  const request: BookingRequest = {
    ...(r as unknown as BookingRequest),
    company, consignmentIdentifier: b.consignment_identifier as string,
    origin: r.origin as unknown as Address, destination: r.destination as unknown as Address,
    parcels: r.parcels as ParcelSpec[], options: isObject(r.options) ? (r.options as Record<string, string>) : {},
  };
  return { consignment: b.consignment_identifier as string, carrier: (b.carrier as string).toLowerCase(), request };
}
