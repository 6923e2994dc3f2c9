import type { ParcelSpec, RatePlace, RateRequest } from '@waybill/carriers';
import { InvalidError } from '@waybill/http';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const size = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);

/**
 * The internal rating body: `{"carrier", "request": {"origin", "destination", "parcels", "services",
 * "shipping_date"?, "origin_time_zone"?}}`, places as `{country, postcode?, city?, state?, address1?}` and parcels as
 * `{weight_kg, length_cm?, width_cm?, height_cm?}`; sent by delivery-options for one carrier.
 */
export function ratingInput(body: unknown, company: string): { carrier: string; request: RateRequest } {
  const errors: Record<string, string[]> = {};
  const need = (cond: boolean, path: string, message: string) => { if (!cond) errors[path] ??= [message]; };
  const { carrier, request: r } = isObject(body) ? body : ({} as Json);
  need(typeof carrier === 'string' && carrier !== '', 'carrier', 'This field is required.');
  need(isObject(r), 'request', 'This field is required.');
  const q: Json = isObject(r) ? r : {};
  const placeOf = (v: unknown, path: string): RatePlace => {
    const p = isObject(v) ? v : {};
    need(typeof p.country === 'string' && /^[A-Za-z]{2}$/.test(p.country), `${path}.country`, 'Expected a 2-letter country code.');
    return { country: String(p.country ?? '').toUpperCase(), postcode: text(p.postcode), city: text(p.city), state: text(p.state), address1: text(p.address1) };
  };
  const origin = placeOf(q.origin, 'request.origin');
  const destination = placeOf(q.destination, 'request.destination');
  const given = Array.isArray(q.parcels) ? q.parcels : [];
  need(given.length > 0 && given.length <= 200 && given.every(isObject), 'request.parcels', 'Expected 1 to 200 parcels.');
  const parcels: ParcelSpec[] = given.map((v, i) => {
    const p = isObject(v) ? v : {};
    need(size(p.weight_kg) !== null, `request.parcels.${i}.weight_kg`, 'Expected a weight in kilograms above 0.');
    return { weightKg: size(p.weight_kg), lengthCm: size(p.length_cm), widthCm: size(p.width_cm), heightCm: size(p.height_cm) };
  });
  const services = Array.isArray(q.services) ? q.services : [];
  need(services.length > 0 && services.every((s) => typeof s === 'string' && s !== ''), 'request.services', 'Expected a list of service names.');
  const date = q.shipping_date ?? null;
  const zone = text(q.origin_time_zone);
  need(date === null || (typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date)), 'request.shipping_date', 'Expected YYYY-MM-DD.');
  if (Object.keys(errors).length) throw new InvalidError(errors);
  return { carrier: (carrier as string).toLowerCase(), request: { company, origin, destination, parcels, services: services as string[], shippingDate: date as string | null, originTimeZone: zone } };
}
