import { CarrierRejection, type Address, type ParcelSpec } from '../carrier';
import type { UpsAddress, UpsPackage } from './ups.types';

/**
 * Waybill's values in the forms and lengths UPS's description allows. What can be normalised safely is
 * (phone numbers to their digits, postcodes without spaces where too long, HS codes without dots);
 * anything else too long is refused with a reason naming the field, never cut short or sent as is.
 */
const refuse = (field: string, why: string): never => {
  throw new CarrierRejection(`UPS cannot take ${field}: ${why}`);
};

export function fit(value: string | null | undefined, max: number, field: string): string | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (v.length > max) refuse(field, `UPS accepts at most ${max} characters, this has ${v.length}`);
  return v;
}

export function required(value: string | null | undefined, max: number, field: string): string {
  return fit(value, max, field) ?? refuse(field, 'it is required');
}

/** Digits only (UPS's phone fields take 0-9), at most 15. */
export function phone(value: string | null | undefined, field: string): string | undefined {
  if (!value?.trim()) return undefined;
  const digits = value.replace(/\D/g, '');
  if (!digits) return refuse(field, 'it holds no digits');
  if (digits.length > 15) return refuse(field, `UPS accepts at most 15 digits, this has ${digits.length}`);
  return digits;
}

export function upsAddress(a: Address, field: string): UpsAddress {
  const lines = [a.address1, a.address2, a.address3]
    .map((l, i) => fit(l, 35, `${field}.address${i + 1}`))
    .filter((l): l is string => !!l);
  if (lines.length === 0) refuse(`${field}.address1`, 'it is required');
  let postcode = a.postcode?.trim().toUpperCase();
  if (postcode && postcode.length > 9) postcode = postcode.replace(/\s+/g, '');
  return {
    AddressLine: lines,
    City: required(a.city, 30, `${field}.city`),
    ...(fit(a.state, 5, `${field}.state`) ? { StateProvinceCode: fit(a.state, 5, `${field}.state`) } : {}),
    ...(postcode ? { PostalCode: fit(postcode, 9, `${field}.postcode`) } : {}),
    CountryCode: required(a.country?.toUpperCase(), 2, `${field}.country`),
  };
}

/** UPS wants pounds and inches from the US and Puerto Rico, kilograms and centimetres elsewhere. */
export function imperialOrigin(country: string): boolean {
  return country.toUpperCase() === 'US' || country.toUpperCase() === 'PR';
}

const KG_PER_LB = 0.45359237;
const CM_PER_IN = 2.54;

/** Weight with one decimal, rounded up (never declared lighter than it is); at most 5 characters. */
function weightText(kg: number, imperial: boolean, field: string): string {
  const value = Math.max(0.1, Math.ceil((imperial ? kg / KG_PER_LB : kg) * 10 - 1e-9) / 10);
  const text = Number.isInteger(value) ? String(value) : value.toFixed(1);
  return text.length > 5 ? refuse(field, `${text} is more than UPS's weight field holds`) : text;
}

/** Whole units, rounded up; UPS's dimension fields hold 3 characters. */
function sideText(cm: number, imperial: boolean, field: string): string {
  const value = Math.max(1, Math.ceil((imperial ? cm / CM_PER_IN : cm) - 1e-9));
  return value > 999 ? refuse(field, `${value} is more than UPS's dimension field holds`) : String(value);
}

export function upsPackage(p: ParcelSpec, index: number, originCountry: string, maxKg: number): UpsPackage {
  const field = `packages.${index}`;
  const imperial = imperialOrigin(originCountry);
  if (p.weightKg === null || !(p.weightKg > 0)) refuse(`${field}.weight`, 'UPS needs the weight of every package');
  if (p.weightKg! > maxKg) refuse(`${field}.weight`, `${p.weightKg} kg is over UPS's ${maxKg} kg limit per package`);
  const pkg: UpsPackage = {
    Packaging: { Code: '02' },
    PackageWeight: { UnitOfMeasurement: { Code: imperial ? 'LBS' : 'KGS' }, Weight: weightText(p.weightKg!, imperial, `${field}.weight`) },
  };
  const sides = [p.lengthCm, p.widthCm, p.heightCm];
  if (sides.every((s) => s !== null && s > 0)) {
    const [length, width, height] = (sides as number[]).sort((a, b) => b - a);
    pkg.Dimensions = {
      UnitOfMeasurement: { Code: imperial ? 'IN' : 'CM' },
      Length: sideText(length, imperial, `${field}.length`),
      Width: sideText(width, imperial, `${field}.width`),
      Height: sideText(height, imperial, `${field}.height`),
    };
  }
  return pkg;
}
