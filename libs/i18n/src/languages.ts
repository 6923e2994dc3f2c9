/** The languages recipients are addressed in: pages and e-mails come in each of these. */
export const LANGUAGES = ['en', 'ga', 'fr', 'de', 'es', 'it', 'nl', 'pl'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

/** Each language's name in itself, for a language switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English', ga: 'Gaeilge', fr: 'Français', de: 'Deutsch', es: 'Español', it: 'Italiano', nl: 'Nederlands', pl: 'Polski',
};

/**
 * The Intl locale each language formats dates and numbers with. English is British English: the
 * merchants are UK and Irish, and so are most of their English-reading recipients (day before month).
 */
export const INTL_LOCALE: Record<Language, string> = {
  en: 'en-GB', ga: 'ga-IE', fr: 'fr-FR', de: 'de-DE', es: 'es-ES', it: 'it-IT', nl: 'nl-NL', pl: 'pl-PL',
};

/**
 * The language most recipients in a destination country read, among ours. Ireland is English: Irish is
 * its first official language, but nearly every household reads English, so Irish is chosen by the
 * recipient (Accept-Language or ?lang=ga), never imposed. Belgium is Dutch (most of its people),
 * Switzerland and Luxembourg German and French by majority; countries without one of ours fall back to English.
 */
const COUNTRY_LANGUAGE: Record<string, Language> = {
  GB: 'en', IE: 'en', US: 'en', CA: 'en', AU: 'en', NZ: 'en', MT: 'en', IM: 'en', JE: 'en', GG: 'en',
  FR: 'fr', MC: 'fr', LU: 'fr', RE: 'fr', GP: 'fr', MQ: 'fr', GF: 'fr', YT: 'fr',
  DE: 'de', AT: 'de', CH: 'de', LI: 'de',
  ES: 'es', AD: 'es', MX: 'es', AR: 'es', CL: 'es', CO: 'es', PE: 'es',
  IT: 'it', SM: 'it', VA: 'it',
  NL: 'nl', BE: 'nl', SR: 'nl',
  PL: 'pl',
};

export function languageOfCountry(country: string | null | undefined): Language | undefined {
  return country ? COUNTRY_LANGUAGE[country.toUpperCase()] : undefined;
}
