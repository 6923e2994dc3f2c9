import type { KeywordDefinition } from 'ajv';
// The core without its 80 locales (the package's Node entry loads them all): English names are all we read.
import * as isoCountries from 'i18n-iso-countries/index';
import english from 'i18n-iso-countries/langs/en.json';

/**
 * Countries as shops send them (docs/api/consignments.md#how-values-are-read): the ISO 3166-1 alpha-2 code, the alpha-3 code or
 * the English short name, case and surrounding spaces ignored, are one country, kept and returned as its
 * alpha-2 code. The codes and names come from i18n-iso-countries (a maintained data set), whose English
 * names also hold the common alternatives shops use (`UK`, `Great Britain`, `USA`, `Ivory Coast`).
 */
isoCountries.registerLocale(english);

export const COUNTRY_MESSAGE = 'Enter a valid country.';

/** The ajv keyword a schema puts on a country field (`"x-country": true`): OpenAPI keeps `x-` keys as extensions. */
export const COUNTRY_KEYWORD = 'x-country';

const key = (text: string): string => text.trim().replace(/\s+/g, ' ').toUpperCase();

function buildIndex(): Map<string, string> {
  const index = new Map<string, string>();
  const codes = Object.entries(isoCountries.getAlpha2Codes()) as Array<[string, string]>;
  // Names first, codes last: a code always means its own country, whatever a name alias spells.
  const names = isoCountries.getNames('en', { select: 'all' }) as Record<string, string[]>;
  for (const [alpha2, all] of Object.entries(names)) for (const name of all) index.set(key(name), alpha2);
  for (const [alpha2, alpha3] of codes) index.set(alpha3, alpha2);
  for (const [alpha2] of codes) index.set(alpha2, alpha2);
  return index;
}

const INDEX = buildIndex();

/** The alpha-2 code of a country given by alpha-2, alpha-3 or English name; undefined when it names none. */
export function countryCode(text: string): string | undefined {
  return INDEX.get(key(text));
}

/**
 * The keyword: a string naming a country is replaced in place by its alpha-2 code (so everything after
 * validation, stored or not, sees only codes); any other string is `Enter a valid country.`.
 * Non-strings are left to `type`.
 */
export const countryKeyword: KeywordDefinition = {
  keyword: COUNTRY_KEYWORD,
  schemaType: 'boolean',
  modifying: true,
  errors: true,
  validate: function check(enabled: boolean, data: unknown, _parentSchema, cxt) {
    if (!enabled || typeof data !== 'string') return true;
    const code = countryCode(data);
    if (code === undefined) {
      (check as { errors?: unknown[] }).errors = [{ keyword: COUNTRY_KEYWORD, message: COUNTRY_MESSAGE, params: {} }];
      return false;
    }
    if (cxt?.parentData !== undefined) (cxt.parentData as Record<string | number, unknown>)[cxt.parentDataProperty] = code;
    return true;
  },
};
