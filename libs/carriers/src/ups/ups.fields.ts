import type { Address, Contact, ParcelSpec } from '@waybill/carrier-model';
import { fieldRules } from '../kit/fields';
import { fitAddress, type AddressProfile, type PostcodeForm } from '../kit/address';
import type { UpsAddress, UpsPackage, UpsPhone } from './ups.types';

/**
 * Waybill's values in the characters, forms and lengths UPS's Shipping description allows: text in
 * Latin-1 (the description's label character set, English by default: a word UPS cannot print is
 * transliterated), phone numbers as digits, anything else too long refused with a reason naming the field.
 */
export const f = fieldRules('UPS', 'latin1');
const refuse = f.refuse;

/** US and Puerto Rico ZIP codes as 5 or 9 digits; Canadian postal codes as A#A#A# (UPS's forms). */
const zip: PostcodeForm = (p) => {
  const digits = p.replace(/[\s-]/g, '');
  return /^(\d{5}|\d{9})$/.test(digits) ? { value: digits } : { problem: 'UPS needs a ZIP code of 5 or 9 digits' };
};
const canadian: PostcodeForm = (p) => {
  const value = p.replace(/\s+/g, '');
  return /^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(value) ? { value } : { problem: 'UPS needs a Canadian postal code of the form A1A1A1' };
};

/**
 * What UPS's Shipping description takes of an address: three lines of 35, a city of 30, a postcode of
 * 9; a state or province code (5 at most) required for the US, Canada and Vietnam (`VN-44`), and the
 * county for Ireland; elsewhere a region goes only when it is a code itself.
 */
export const UPS_ADDRESS: AddressProfile = {
  lines: { count: 3, width: 35 },
  city: 30,
  postcode: { max: 9, forms: { US: zip, PR: zip, CA: canadian } },
  region: { required: { US: 'code', CA: 'code', VN: 'iso', IE: 'code' }, code: { min: 1, max: 5 }, namesToCodes: false },
};

/** A phone number as UPS lays it out: digits, area code and number in North America, with the extension apart. */
export function upsPhone(contact: Contact | null | undefined, country: string, field: string): UpsPhone | undefined {
  const phone = f.phone(contact?.phone, country, 'nanp-national', 15, field);
  if (!phone) return undefined;
  if (phone.extension && phone.extension.length > 4) refuse(field, `UPS takes an extension of at most 4 digits, this has ${phone.extension.length}`);
  return { Number: phone.number, ...(phone.extension ? { Extension: phone.extension } : {}) };
}

export function upsAddress(a: Address, field: string): UpsAddress {
  const fitted = fitAddress(a, field, UPS_ADDRESS, f);
  return {
    AddressLine: fitted.lines,
    City: fitted.city,
    ...(fitted.regionCode ? { StateProvinceCode: fitted.regionCode } : {}),
    ...(fitted.postcode ? { PostalCode: fitted.postcode } : {}),
    CountryCode: fitted.country,
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
