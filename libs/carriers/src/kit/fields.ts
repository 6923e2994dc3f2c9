import { CarrierRejection } from '@waybill/carrier-model';
import { toCharset, type Charset } from './address/text';
import { formatPhone, type FormattedPhone, type PhoneFormat } from './address/phone';

/**
 * Waybill's values in the characters, forms and lengths a carrier's published description allows, for
 * any adapter: text goes in the carrier's characters (words it cannot print transliterated), phone
 * numbers in its format; anything still too long is refused with a reason naming the field, never cut
 * short or sent as it is.
 */
export interface FieldRules {
  readonly carrierName: string;
  readonly charset: Charset;
  refuse(field: string, why: string): never;
  /** The trimmed value in the carrier's characters, undefined when empty; refused when longer than `max`. */
  fit(value: string | null | undefined, max: number, field: string): string | undefined;
  required(value: string | null | undefined, max: number, field: string): string;
  /** The number in the carrier's format (read in `country`), at most `maxLength` characters. */
  phone(value: string | null | undefined, country: string, format: PhoneFormat, maxLength: number, field: string): FormattedPhone | undefined;
}

export function fieldRules(carrierName: string, charset: Charset = 'unicode'): FieldRules {
  const refuse = (field: string, why: string): never => {
    throw new CarrierRejection(`${carrierName} cannot take ${field}: ${why}`);
  };
  const tooLong = (field: string, max: number, length: number): never => refuse(field, `${carrierName} accepts at most ${max} characters, this has ${length}`);
  const fit = (value: string | null | undefined, max: number, field: string) => {
    const v = value?.trim() ? toCharset(value.trim(), charset) : undefined;
    if (!v) return undefined;
    return v.length > max ? tooLong(field, max, v.length) : v;
  };
  return {
    carrierName,
    charset,
    refuse,
    fit,
    required: (value, max, field) => fit(value, max, field) ?? refuse(field, 'it is required'),
    phone(value, country, format, maxLength, field) {
      if (!value?.trim()) return undefined;
      const phone = formatPhone(value, country, format);
      if (!phone) return refuse(field, 'it holds no digits');
      return phone.number.length > maxLength ? tooLong(field, maxLength, phone.number.length) : phone;
    },
  };
}

/** Kilograms as whole grams, rounded up (a parcel is never declared lighter than it is). */
export const grams = (kg: number): number => Math.ceil(kg * 1000 - 1e-6);
