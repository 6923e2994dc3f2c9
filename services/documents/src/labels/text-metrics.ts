/**
 * Helvetica advance widths (1/1000 em, printable ASCII from the font's AFM). The PDF writer uses the
 * standard Helvetica fonts and the PNG rasteriser Arimo, which is metric-compatible, so the layout measures
 * text once here and every format fits the same words in the same space (ZPL's font 0 is narrower still).
 */
const REGULAR = [278, 278, 355, 556, 556, 889, 667, 222, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 222, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584];
const BOLD = [278, 333, 474, 556, 556, 889, 722, 278, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 278, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584];

function advance(code: number, bold: boolean): number {
  const table = bold ? BOLD : REGULAR;
  if (code >= 32 && code <= 126) return table[code - 32];
  // Latin-1 letters measure as their base letter (é as e); other symbols as a digit.
  const base = String.fromCharCode(code).normalize('NFD').charCodeAt(0);
  return base >= 32 && base <= 126 ? table[base - 32] : 556;
}

export function textWidth(text: string, size: number, bold: boolean): number {
  let units = 0;
  for (let i = 0; i < text.length; i++) units += advance(text.charCodeAt(i), bold);
  return (units * size) / 1000;
}

/**
 * Labels print in the WinAnsi (Latin-1) repertoire that thermal printers and the PDF standard fonts share:
 * accents outside it lose their marks (ł → l), anything else becomes `?`, control characters go.
 */
export function labelText(value: unknown): string {
  if (value === null || value === undefined) return '';
  const s = String(value).normalize('NFC').replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
  let out = '';
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    if (c < 0x100) out += ch;
    else {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += base.length > 0 && base.charCodeAt(0) < 0x100 ? base : '?';
    }
  }
  return out.replace(/\s+/g, ' ').trim();
}

/** Shrinks the font down to `minSize`, then shortens with an ellipsis, so the text fits `maxWidth`. */
export function fitText(text: string, size: number, maxWidth: number, bold: boolean, minSize = size * 0.7): { text: string; size: number } {
  const w = textWidth(text, size, bold);
  if (w <= maxWidth) return { text, size };
  const shrunk = Math.max(minSize, Math.floor((size * maxWidth) / w));
  if (textWidth(text, shrunk, bold) <= maxWidth) return { text, size: shrunk };
  let cut = text.length;
  while (cut > 0 && textWidth(`${text.slice(0, cut)}...`, shrunk, bold) > maxWidth) cut--;
  return { text: `${text.slice(0, cut).trimEnd()}...`, size: shrunk };
}
