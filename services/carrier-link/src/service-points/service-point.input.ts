import type { Request } from 'express';
import { InvalidError } from '@waybill/http';
import type { ServicePointQuery } from '@waybill/carriers';

export interface ServicePointSearch extends ServicePointQuery {
  carrier?: string;
}

const KNOWN = ['country', 'postcode', 'carrier', 'limit', 'latitude', 'longitude'];

/** `GET /service-points` query (docs/api/service-points.md): a country, and a postcode or coordinates. */
export function servicePointSearch(req: Request): ServicePointSearch {
  const errors: Record<string, string[]> = {};
  const fail = (k: string, m: string) => { errors[k] ??= [m]; };
  const q = (k: string) => (typeof req.query[k] === 'string' && req.query[k] !== '' ? (req.query[k] as string).trim() : undefined);
  for (const k of Object.keys(req.query)) if (!KNOWN.includes(k)) fail(k, 'Unknown parameter.');
  const country = q('country')?.toUpperCase();
  if (!country) fail('country', 'This parameter is required.');
  else if (!/^[A-Z]{2}$/.test(country)) fail('country', 'Expected an ISO 3166-1 alpha-2 code.');
  const postcode = q('postcode');
  if (postcode !== undefined && (postcode.length > 16 || !/^[A-Za-z0-9 -]+$/.test(postcode))) fail('postcode', 'Expected a postcode.');
  const coordinate = (k: string, max: number) => {
    const v = q(k);
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!/^-?\d+(\.\d+)?$/.test(v) || Math.abs(n) > max) fail(k, `Expected degrees from -${max} to ${max}.`);
    return n;
  };
  const latitude = coordinate('latitude', 90);
  const longitude = coordinate('longitude', 180);
  if ((latitude === undefined) !== (longitude === undefined)) fail(latitude === undefined ? 'latitude' : 'longitude', 'Give latitude and longitude together.');
  if (postcode === undefined && latitude === undefined && longitude === undefined) fail('postcode', 'Give a postcode, or latitude and longitude.');
  const limitText = q('limit') ?? '10';
  if (!/^\d+$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > 50) fail('limit', 'Expected a whole number from 1 to 50.');
  if (Object.keys(errors).length) throw new InvalidError(errors);
  return { country: country!, postcode: postcode ?? null, latitude: latitude ?? null, longitude: longitude ?? null, limit: Number(limitText), carrier: q('carrier')?.toLowerCase() };
}
