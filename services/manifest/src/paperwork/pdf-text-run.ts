import type { Pdf } from './manifest-document.data';

/** The part of PDFKit's (undocumented) current-font object that a text object needs. */
interface PdfKitFont {
  id: string;
  ascender: number;
  ref(): unknown;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const number = (n: number) => (Math.round(n * 100) / 100).toString();
/** A PDF literal string: printable ASCII is itself in WinAnsi; only the delimiters and `\` need escaping. */
const literal = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/**
 * Many short one-line texts in one font, size and grey, written as a single PDF text object per page.
 * PDFKit's `text()` lays out every call with kerning and wraps it in its own graphics state, which is
 * what makes a 10,000-row table slow; table cells need neither. Texts are printable ASCII (identifiers,
 * numbers, postcodes, country codes), written as literal strings (half the bytes of PDFKit's hex, so
 * half the compressing) and placed by relative moves; anything else goes through `text()` unchanged.
 * Relies on PDFKit's current-font object (pinned version; the PDF tests read every cell back with pdf.js).
 */
export class TextRun {
  private readonly ops: string[] = [];
  private readonly charWidths = new Map<string, number>();
  private x = 0;
  private y = 0;

  /** `grey`: 0 is black, 1 white. */
  constructor(private readonly doc: Pdf, private readonly fontName: string, private readonly size: number, private readonly grey = 0) {}

  /** Width in points (without kerning, which the run does not apply either). */
  widthOf(text: string): number {
    let w = 0;
    for (const ch of text) {
      let cw = this.charWidths.get(ch);
      if (cw === undefined) {
        cw = this.doc.font(this.fontName).fontSize(this.size).widthOfString(ch);
        this.charWidths.set(ch, cw);
      }
      w += cw;
    }
    return w;
  }

  add(text: string, x: number, y: number): void {
    if (!PRINTABLE_ASCII.test(text)) {
      this.doc.font(this.fontName).fontSize(this.size).fillColor(this.grey === 0 ? '#000000' : hex(this.grey)).text(text, x, y, { lineBreak: false });
      this.doc.fillColor('#000000');
      return;
    }
    // Same placement as PDFKit's text(): y is the top of the line, the baseline sits one ascender lower.
    const baseline = this.doc.page.height - y - (this.font().ascender / 1000) * this.size;
    const dx = Math.round((x - this.x) * 100) / 100;
    const dy = Math.round((baseline - this.y) * 100) / 100;
    this.ops.push(`${number(dx)} ${number(dy)} Td ${literal(text)} Tj`);
    this.x += dx;
    this.y += dy;
  }

  /** Writes what was added since the last flush (call once per page, before the page ends). */
  flush(): void {
    if (this.ops.length === 0) return;
    const font = this.font();
    const page = this.doc.page as unknown as { fonts: Record<string, unknown> };
    page.fonts[font.id] ??= font.ref();
    // PDFKit pages draw with the y axis flipped (origin top left); text objects flip it back, as text() does.
    this.doc.addContent(`q 1 0 0 -1 0 ${number(this.doc.page.height)} cm ${number(this.grey)} g BT /${font.id} ${number(this.size)} Tf\n${this.ops.join('\n')}\nET Q`);
    this.ops.length = 0;
    this.x = 0;
    this.y = 0;
  }

  private font(): PdfKitFont {
    return (this.doc.font(this.fontName) as unknown as { _font: PdfKitFont })._font;
  }
}

function hex(grey: number): string {
  const v = Math.round(grey * 255).toString(16).padStart(2, '0');
  return `#${v}${v}${v}`;
}
