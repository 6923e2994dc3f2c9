import type { Address } from '@waybill/carrier-model';
import type { FieldRules } from '../fields';
import { wrapLines } from './lines';
import { isRegionCode, regionOf } from './regions';

/**
 * What a carrier's published description takes of an address: its line fields, city and postcode
 * lengths, postcode forms per country, and what it wants of a region (state, province, county).
 */
export interface AddressProfile {
  lines: { count: number; width: number };
  city: number;
  postcode: { max: number; forms?: Readonly<Record<string, PostcodeForm>> };
  region: RegionPolicy;
}

/** A country's postcode form: the value rewritten to it, or why the carrier cannot take it. */
export type PostcodeForm = (postcode: string) => { value: string } | { problem: string };

export interface RegionPolicy {
  /**
   * Countries where the carrier needs a region code, and how it writes it: `code` (`CA`, `ON`, `D`) or
   * `iso` with the country's prefix (`VN-44`). There a name is mapped to its code, a missing region is
   * looked for in the city and address lines, and one that names no region of the country is refused.
   */
  required: Readonly<Record<string, 'code' | 'iso'>>;
  /** Lengths of the carrier's region code field; none: the carrier has no code field. */
  code?: { min: number; max: number };
  /** Elsewhere, whether a region name is sent as its code (else only a value that is a code itself is). */
  namesToCodes: boolean;
  /** Where a region that is no code goes: a free-text field of this length (a county); none: left out. */
  nameField?: number;
}

export interface FittedAddress {
  lines: string[];
  city: string;
  postcode?: string;
  country: string;
  /** The region as the carrier's code, where it takes one. */
  regionCode?: string;
  /** The region as text, for the carrier's free-text county field. */
  regionName?: string;
}

const LINE_FIELDS = ['address1', 'address2', 'address3'];

function regionCode(country: string, code: string, form: 'code' | 'iso'): string {
  return form === 'iso' ? `${country}-${code}` : code;
}

function fitRegion(a: Address, country: string, field: string, policy: RegionPolicy, f: FieldRules): Pick<FittedAddress, 'regionCode' | 'regionName'> {
  const state = a.state?.trim() || undefined;
  const fits = (code: string) => !!policy.code && code.length >= policy.code.min && code.length <= policy.code.max;
  const form = policy.required[country];
  if (form) {
    // A region the state does not name may stand in the address itself (`Co. Kerry` as the third line).
    const found = regionOf(country, state) ?? [a.city, a.address3, a.address2, a.address1].map((v) => regionOf(country, v)).find(Boolean);
    if (!found) {
      return f.refuse(`${field}.state`, state
        ? `${f.carrierName} needs a region code of ${country} here, and "${state}" names no region of ${country}`
        : `${f.carrierName} needs the region (state, province or county) of an address in ${country}`);
    }
    const code = regionCode(country, found.code, form);
    return fits(code) ? { regionCode: code } : f.refuse(`${field}.state`, `the code ${code} is longer than ${f.carrierName}'s region field`);
  }
  if (!state) return {};
  const region = policy.namesToCodes || isRegionCode(country, state) ? regionOf(country, state) : undefined;
  if (region && fits(region.code)) return { regionCode: region.code };
  const name = policy.nameField ? f.fit(state, Number.MAX_SAFE_INTEGER, `${field}.state`) : undefined;
  return name && name.length <= policy.nameField! ? { regionName: name } : {};
}

/**
 * The address as the carrier takes it: lines in its characters wrapped onto its line fields, the city,
 * the postcode in the country's form, the region as the carrier wants it. The consignment keeps what the
 * client sent; only what cannot fit at all is refused, naming the field.
 */
export function fitAddress(a: Address, field: string, profile: AddressProfile, f: FieldRules): FittedAddress {
  const country = f.required(a.country?.toUpperCase(), 2, `${field}.country`);
  const input = [a.address1, a.address2, a.address3].map((l) => (l?.trim() ? f.fit(l, Number.MAX_SAFE_INTEGER, field) : undefined));
  if (!input[0] && !input[1] && !input[2]) f.refuse(`${field}.address1`, 'it is required');
  const wrapped = wrapLines(input, profile.lines.width, profile.lines.count);
  if (!wrapped.ok) {
    f.refuse(`${field}.${LINE_FIELDS[wrapped.overflow]}`, `the address is longer than ${f.carrierName}'s ${profile.lines.count} lines of ${profile.lines.width} characters hold`);
  }
  const city = f.required(a.city, profile.city, `${field}.city`);
  const raw = a.postcode?.trim().toUpperCase();
  let postcode: string | undefined;
  if (raw) {
    const form = profile.postcode.forms?.[country];
    const formed = form ? form(raw) : { value: raw.length > profile.postcode.max ? raw.replace(/\s+/g, '') : raw };
    if ('problem' in formed) f.refuse(`${field}.postcode`, formed.problem);
    postcode = f.fit((formed as { value: string }).value, profile.postcode.max, `${field}.postcode`);
  }
  return {
    lines: (wrapped as { lines: string[] }).lines,
    city,
    ...(postcode ? { postcode } : {}),
    country,
    ...fitRegion(a, country, field, profile.region, f),
  };
}
