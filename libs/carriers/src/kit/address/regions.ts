import { allCountries } from 'country-region-data';

/**
 * Regions (states, provinces, counties) of every country, from the maintained `country-region-data` set:
 * a value a client sent is found by its code (`CA`, `ON`, `D`) or its name (`California`, `Ontario`,
 * `Co. Dublin`), whatever its case, accents, or the "County"/"Co."/"State of" words around it.
 */
export interface Region {
  /** The code within its country (`CA` for California, `D` for Dublin, `44` for An Giang). */
  code: string;
  /** The data set's name of the region. */
  name: string;
}

/** Folds a region's spelling: lower case, no accents, no punctuation, no "county"/"state of" words. */
export function foldRegion(value: string): string {
  return value
    .normalize('NFD').replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[.,'’]/g, ' ')
    .replace(/\b(co|county|state of|province of|provincia de|province|state)\b/g, ' ')
    .replace(/[\s-]+/g, ' ')
    .trim();
}

interface CountryRegions {
  byCode: Map<string, Region>;
  byName: Map<string, Region>;
}

const TABLE = new Map<string, CountryRegions>();
for (const [, country, regions] of allCountries as unknown as [string, string, [string, string][]][]) {
  const entry: CountryRegions = { byCode: new Map(), byName: new Map() };
  for (const [name, raw] of regions) {
    // Some countries' codes carry their country's prefix (`DK-84`): the code within the country is after it.
    const code = raw.toUpperCase().startsWith(`${country}-`) ? raw.slice(country.length + 1) : raw;
    const region = { code: code.toUpperCase(), name };
    entry.byCode.set(region.code, region);
    entry.byName.set(foldRegion(name), region);
  }
  TABLE.set(country, entry);
}

/** The region a value names in a country (by code or by name); undefined when the data set has none such. */
export function regionOf(country: string, value: string | null | undefined): Region | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  const entry = TABLE.get(country.toUpperCase());
  if (!entry) return undefined;
  const upper = v.toUpperCase();
  const prefixed = upper.startsWith(`${country.toUpperCase()}-`) ? upper.slice(country.length + 1) : upper;
  return entry.byCode.get(prefixed) ?? entry.byName.get(foldRegion(v));
}

/** Whether the value is itself one of the country's region codes (not a name that maps to one). */
export function isRegionCode(country: string, value: string | null | undefined): boolean {
  const v = value?.trim().toUpperCase();
  if (!v) return false;
  const entry = TABLE.get(country.toUpperCase());
  const c = country.toUpperCase();
  return !!entry?.byCode.has(v.startsWith(`${c}-`) ? v.slice(c.length + 1) : v);
}
