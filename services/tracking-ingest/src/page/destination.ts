import Holidays from 'date-holidays';

/**
 * What the public tracking page may say about where a parcel goes: the town and the postcode district,
 * never the street or the full postcode (docs/api/tracking-page.md). Reduced when the consignment event arrives, so the
 * full address is never stored here.
 */
export interface Destination {
  town: string | null;
  district: string | null;
  country: string | null;
  timeZone: string | null;
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toUpperCase();

/**
 * The district part of a postcode: the outward code where a postcode has one (GB: `SW1A 2AA` → `SW1A`;
 * Canada's forward sortation area; Ireland's routing key; the Netherlands' four digits); elsewhere the
 * leading digits that name a region (two of a five-digit code, as French départements and German
 * Leitzonen do; three of a US ZIP). Never more than half of a postcode.
 */
export function postcodeDistrict(country: string, postcode: string | null | undefined): string | null {
  const p = squash(postcode ?? '');
  if (!p) return null;
  const compact = p.replace(/[\s-]/g, '');
  switch (country.toUpperCase()) {
    case 'GB': case 'JE': case 'GG': case 'IM':
      return compact.length > 4 ? compact.slice(0, -3) : compact.slice(0, 2);
    case 'CA': case 'IE': return compact.slice(0, 3);
    case 'NL': return compact.slice(0, 4);
    case 'US': return compact.slice(0, 3);
    default: {
      const half = Math.max(1, Math.floor(compact.length / 2));
      return compact.slice(0, Math.min(2, half));
    }
  }
}

const zones = new Map<string, string | null>();

/** The destination's IANA time zone (the first of the country's, or of its state where one is given). */
export function timeZoneOf(country: string, state?: string | null): string | null {
  const key = `${country}|${state ?? ''}`;
  if (!zones.has(key)) {
    let zone: string | null = null;
    try {
      const withState = state ? new Holidays(country.toUpperCase(), state.toUpperCase()).getTimezones() : undefined;
      zone = withState?.[0] ?? new Holidays(country.toUpperCase()).getTimezones()?.[0] ?? null;
    } catch {
      zone = null;
    }
    zones.set(key, zone);
  }
  return zones.get(key)!;
}

export function destinationOf(address: { city?: string | null; postcode?: string | null; country?: string | null; state?: string | null } | undefined): Destination {
  const country = typeof address?.country === 'string' && /^[A-Za-z]{2}$/.test(address.country) ? address.country.toUpperCase() : null;
  const town = typeof address?.city === 'string' && address.city.trim() ? address.city.trim().slice(0, 100) : null;
  return {
    town,
    district: country ? postcodeDistrict(country, address?.postcode) : null,
    country,
    timeZone: country ? timeZoneOf(country, address?.state) : null,
  };
}
