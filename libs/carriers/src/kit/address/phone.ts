import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * Phone numbers in a carrier's format, read with libphonenumber-js in the country of the address they
 * belong to (`07700 900123` in GB is +44 7700 900123):
 * - `e164`: `+447700900123`;
 * - `digits`: the international number's digits without `+` (`447700900123`);
 * - `nanp-national`: area code and number (`4105550100`) for the countries of the North American
 *   numbering plan, the international digits elsewhere (UPS's layout).
 * A number libphonenumber cannot read goes as its digits (and leading `+`). The extension, where the
 * number has one, is returned apart.
 */
export type PhoneFormat = 'e164' | 'digits' | 'nanp-national';

export interface FormattedPhone {
  number: string;
  extension?: string;
}

export function formatPhone(value: string, country: string, format: PhoneFormat): FormattedPhone | undefined {
  const raw = value.trim();
  const parsed = parsePhoneNumberFromString(raw, country.toUpperCase() as never);
  if (!parsed) {
    const digits = raw.replace(/\D/g, '');
    if (!digits) return undefined;
    return { number: format === 'e164' && raw.startsWith('+') ? `+${digits}` : digits };
  }
  const extension = parsed.ext ? { extension: parsed.ext } : {};
  if (format === 'e164') return { number: parsed.number, ...extension };
  if (format === 'nanp-national' && parsed.countryCallingCode === '1') return { number: String(parsed.nationalNumber), ...extension };
  return { number: parsed.number.slice(1), ...extension };
}
