import { CarrierRejection } from '../carrier';

/**
 * Waybill's values in the forms and lengths a carrier's published description allows, for any adapter:
 * what can be normalised safely is (a phone number to its digits and leading `+`); anything else too long
 * is refused with a reason naming the field, never cut short or sent as it is.
 */
export interface FieldRules {
  refuse(field: string, why: string): never;
  /** The trimmed value, undefined when empty; refused when longer than `max`. */
  fit(value: string | null | undefined, max: number, field: string): string | undefined;
  required(value: string | null | undefined, max: number, field: string): string;
  /** Digits with a leading `+` kept (`keepPlus`), at most `maxLength` characters. */
  phone(value: string | null | undefined, maxLength: number, field: string, keepPlus?: boolean): string | undefined;
}

export function fieldRules(carrierName: string): FieldRules {
  const refuse = (field: string, why: string): never => {
    throw new CarrierRejection(`${carrierName} cannot take ${field}: ${why}`);
  };
  const fit = (value: string | null | undefined, max: number, field: string) => {
    const v = value?.trim();
    if (!v) return undefined;
    if (v.length > max) refuse(field, `${carrierName} accepts at most ${max} characters, this has ${v.length}`);
    return v;
  };
  return {
    refuse,
    fit,
    required: (value, max, field) => fit(value, max, field) ?? refuse(field, 'it is required'),
    phone(value, maxLength, field, keepPlus = true) {
      if (!value?.trim()) return undefined;
      const digits = value.replace(/\D/g, '');
      if (!digits) return refuse(field, 'it holds no digits');
      const text = keepPlus && value.trim().startsWith('+') ? `+${digits}` : digits;
      if (text.length > maxLength) return refuse(field, `${carrierName} accepts at most ${maxLength} characters, this has ${text.length}`);
      return text;
    },
  };
}

/** Kilograms as whole grams, rounded up (a parcel is never declared lighter than it is). */
export const grams = (kg: number): number => Math.ceil(kg * 1000 - 1e-6);
