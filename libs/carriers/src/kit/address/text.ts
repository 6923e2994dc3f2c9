import { transliterate } from 'transliteration';

/**
 * The characters a carrier takes, as its published description states them: `unicode` (any), `latin1`
 * (ISO-8859-1, printable), `ascii` (printable ASCII).
 */
export type Charset = 'unicode' | 'latin1' | 'ascii';

const OUTSIDE: Record<Exclude<Charset, 'unicode'>, RegExp> = {
  latin1: /[^\u0020-\u007e\u00a0-\u00ff]/u,
  ascii: /[^\u0020-\u007e]/u,
};

/** A JSON Schema pattern accepting only the charset's characters (for the doubles' checks). */
export const CHARSET_PATTERN: Record<Exclude<Charset, 'unicode'>, string> = {
  latin1: '^[\\u0020-\\u007e\\u00a0-\\u00ff]*$',
  ascii: '^[\\u0020-\\u007e]*$',
};

export function inCharset(text: string, charset: Charset): boolean {
  return charset === 'unicode' || !OUTSIDE[charset].test(text);
}

/**
 * The text in the carrier's characters: each word holding a character the carrier does not take is
 * transliterated whole (`Łódź` to `Lodz`, never the half-accented `Lódz`), other words stay as written.
 * Control characters and line breaks become spaces in any charset.
 */
export function toCharset(text: string, charset: Charset): string {
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
  if (inCharset(flat, charset)) return flat;
  return flat.split(/(\s+)/).map((word) => {
    if (inCharset(word, charset)) return word;
    const latin = transliterate(word, { unknown: '?' });
    return inCharset(latin, charset) ? latin : latin.replace(/[^\u0020-\u007e]/g, '?');
  }).join('').replace(/\s+/g, ' ').trim();
}
