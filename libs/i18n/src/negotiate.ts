import { isLanguage, languageOfCountry, type Language } from './languages';

/**
 * The languages of an Accept-Language header we have, best first: q-values respected (q=0 refuses),
 * a regional tag matching its language (`fr-BE` is `fr`), `*` ignored (it names nothing to prefer).
 */
export function acceptedLanguages(header: string | null | undefined): Language[] {
  if (!header) return [];
  const ranked = header.split(',').slice(0, 50).map((part, index) => {
    const [tag, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    return { lang: tag.trim().toLowerCase().split('-')[0], weight: Number.isFinite(weight) ? weight : 0, index };
  }).filter((r) => r.weight > 0 && isLanguage(r.lang))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return [...new Set(ranked.map((r) => r.lang as Language))];
}

export interface LanguageHints {
  /** The `?lang=` query value, if any. */
  query?: unknown;
  acceptLanguage?: string | null;
  /** The destination's ISO country code. */
  country?: string | null;
}

/** `?lang=` if it names one of ours, else the best of Accept-Language, else the destination country's, else English. */
export function chooseLanguage(hints: LanguageHints): Language {
  const query = typeof hints.query === 'string' ? hints.query.trim().toLowerCase() : undefined;
  if (isLanguage(query)) return query;
  return acceptedLanguages(hints.acceptLanguage)[0] ?? languageOfCountry(hints.country) ?? 'en';
}
