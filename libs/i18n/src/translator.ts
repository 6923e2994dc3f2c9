import { IntlMessageFormat } from 'intl-messageformat';
import { CATALOGS, type MessageKey } from './catalogs';
import { INTL_LOCALE, type Language } from './languages';

/** Markup passed into a message as one value (a link, a `<code>`), inserted as it is into HTML output. */
export class Markup {
  constructor(readonly html: string, readonly text: string) {}
}
export const markup = (html: string, text: string): Markup => new Markup(html, text);

export type MessageValues = Record<string, string | number | Markup>;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const compiled = new Map<string, IntlMessageFormat>();
function message(lang: Language, key: MessageKey): IntlMessageFormat {
  const id = `${lang}|${key}`;
  let mf = compiled.get(id);
  if (!mf) {
    // A catalog missing a key is caught by the catalogs test; English stands in rather than failing a page.
    const source = CATALOGS[lang][key] ?? CATALOGS.en[key];
    compiled.set(id, (mf = new IntlMessageFormat(source, INTL_LOCALE[lang])));
  }
  return mf;
}

function parts(lang: Language, key: MessageKey, values: MessageValues): Array<string | Markup> {
  const out = message(lang, key).format<Markup>(values);
  return Array.isArray(out) ? out.map((p) => (p instanceof Markup ? p : String(p))) : [String(out)];
}

/** A message as plain text (e-mail text parts, subjects, titles); markup values give their text. */
export function text(lang: Language, key: MessageKey, values: MessageValues = {}): string {
  return parts(lang, key, values).map((p) => (p instanceof Markup ? p.text : p)).join('');
}

/** A message as HTML: its words and string values escaped, markup values inserted as they are. */
export function html(lang: Language, key: MessageKey, values: MessageValues = {}): string {
  return parts(lang, key, values).map((p) => (p instanceof Markup ? p.html : escapeHtml(p))).join('');
}

/** The two forms bound to one language, for a renderer that speaks one language throughout. */
export interface Translator {
  lang: Language;
  text(key: MessageKey, values?: MessageValues): string;
  html(key: MessageKey, values?: MessageValues): string;
}

export function translator(lang: Language): Translator {
  return { lang, text: (k, v) => text(lang, k, v), html: (k, v) => html(lang, k, v) };
}
