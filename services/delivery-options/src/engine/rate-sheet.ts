import type { Parcel, Shipment } from './shipment';
import { decimalToMinor } from './money';

/** A rate sheet as stored (docs/api/rates.md): the validated input, countries and prefixes normalised. */
export interface RateSheetDefinition {
  identifier: string;
  service_id: string;
  currency: string;
  /** cm³ per kg: a parcel's band weight is the greater of its weight and its volume divided by this; absent or null, its weight. Sheets stored before it have none. */
  volumetric_divisor?: number | null;
  zones: Array<{ name: string; countries: string[]; postcode_prefixes: string[] }>;
  bands: Array<{ max_weight_kg: number; prices: Record<string, string> }>;
}

/** A sheet ready to price: zones indexed by country, band prices in minor units. */
export interface CompiledRateSheet {
  serviceKey: string;
  currency: string;
  /** The zone a destination falls in: its country's zone with the longest prefix the postcode starts with, else its country's zone without prefixes. */
  zoneOf(country: string, postcodeCompact: string | null): string | null;
  /** The weight a parcel is priced by: its weight (0 when unknown), or its volumetric weight when the sheet has a divisor and that is more. */
  chargeableKg(parcel: Parcel): number;
  /** The price of one parcel of `weightKg` to `zone`: the first band the weight fits, or null when it leaves the zone out or the parcel is heavier than every band. */
  parcelPrice(zone: string, weightKg: number): number | null;
}

interface CountryZones {
  /** Longest prefix first. */
  prefixed: Array<{ prefix: string; zone: string }>;
  rest: string | null;
}

/** Upper case without spaces: how prefixes and postcodes are compared. */
export const compactPostcode = (p: string): string => p.replace(/\s+/g, '').toUpperCase();

export function compileRateSheet(sheet: RateSheetDefinition, digits: number): CompiledRateSheet {
  const byCountry = new Map<string, CountryZones>();
  for (const z of sheet.zones) {
    for (const c of z.countries) {
      const country = c.toUpperCase();
      let entry = byCountry.get(country);
      if (!entry) byCountry.set(country, (entry = { prefixed: [], rest: null }));
      if (z.postcode_prefixes.length === 0) entry.rest ??= z.name;
      for (const p of z.postcode_prefixes) entry.prefixed.push({ prefix: compactPostcode(p), zone: z.name });
    }
  }
  for (const entry of byCountry.values()) entry.prefixed.sort((a, b) => b.prefix.length - a.prefix.length);
  const bands = sheet.bands.map((b) => ({
    upTo: b.max_weight_kg,
    prices: new Map(Object.entries(b.prices).map(([zone, amount]) => [zone, decimalToMinor(amount, digits)])),
  }));
  const divisor = sheet.volumetric_divisor ?? null;
  return {
    serviceKey: sheet.service_id.toLowerCase(),
    chargeableKg(parcel) {
      const actual = parcel.weightKg ?? 0;
      if (divisor === null || parcel.sides === null) return actual;
      return Math.max(actual, (parcel.sides[0] * parcel.sides[1] * parcel.sides[2]) / divisor);
    },
    currency: sheet.currency.toUpperCase(),
    zoneOf(country, postcodeCompact) {
      const entry = byCountry.get(country.toUpperCase());
      if (!entry) return null;
      if (postcodeCompact !== null) {
        for (const p of entry.prefixed) if (postcodeCompact.startsWith(p.prefix)) return p.zone;
      }
      return entry.rest;
    },
    parcelPrice(zone, weightKg) {
      const band = bands.find((b) => weightKg <= b.upTo);
      return band?.prices.get(zone) ?? null;
    },
  };
}

/**
 * What a sheet charges for a shipment: the sum over its parcels, each by its chargeable weight (a parcel without weight counts 0 kg;
 * a shipment without packages is one empty parcel), or null when the destination is in no zone or a
 * parcel is in no band of its zone.
 */
export function sheetPrice(sheet: CompiledRateSheet, shipment: Pick<Shipment, 'country' | 'postcodeCompact' | 'parcels'>): number | null {
  const zone = sheet.zoneOf(shipment.country, shipment.postcodeCompact);
  if (zone === null) return null;
  const weights = shipment.parcels.length === 0 ? [0] : shipment.parcels.map((p) => sheet.chargeableKg(p));
  let total = 0;
  for (const w of weights) {
    const price = sheet.parcelPrice(zone, w);
    if (price === null) return null;
    total += price;
  }
  return total;
}
