import type { ManifestRequest } from '@waybill/carriers';
import { InvalidError } from '@waybill/http';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The internal manifest body: `{"carrier", "request": <ManifestRequest>}`, sent by the manifest service
 * once the consignment service has claimed the manifest's consignments; checked here for shape only.
 */
export function manifestInput(body: unknown, company: string): { carrier: string; request: ManifestRequest } {
  const errors: Record<string, string[]> = {};
  const need = (cond: boolean, path: string, message: string) => { if (!cond) errors[path] ??= [message]; };
  const b = isObject(body) ? body : {};
  need(typeof b.carrier === 'string' && b.carrier !== '', 'carrier', 'This field is required.');
  const r = isObject(b.request) ? b.request : {};
  need(isObject(b.request), 'request', 'This field is required.');
  need(typeof r.manifestId === 'string' && /^[0-9a-f]{32}$/.test(r.manifestId), 'request.manifestId', 'Expected 32 lowercase hex characters.');
  need(typeof r.collectionDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(r.collectionDate), 'request.collectionDate', 'Expected YYYY-MM-DD.');
  need(isObject(r.origin), 'request.origin', 'This field is required.');
  need(Array.isArray(r.consignments) && r.consignments.every(isObject), 'request.consignments', 'Expected a list of consignments.');
  if (Object.keys(errors).length) throw new InvalidError(errors);
  return { carrier: (b.carrier as string).toLowerCase(), request: { ...(r as unknown as ManifestRequest), company } };
}
