import type { Pdf } from './manifest-document.data';

/** The part of PDFKit's (undocumented) current-font object that a text object needs. */
interface PdfKitFont {
  id: string;
  ascender: number;
  ref(): unknown;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const number = (n: number) => (Math.round(n * 100) / 100).toString();

/**
 * Many short one-line texts in one font and size, written as a single PDF text object per page.
 * PDFKit's `text()` lays out every call with kerning and wraps it in its own graphics state, which is
 * what makes a 10,000-row table slow; table cells need neither. Texts are printable ASCII (identifiers,
 * numbers, postcodes, country codes), written as WinAnsi hex strings exactly as PDFKit would; anything
 * else goes through `text()` unchanged. Relies on PDFKit's current-font object (pinned version; the
 * PDF tests read every cell back with pdf.js).
 */
export class TextRun {
  private readonly ops: string[] = [];
  private readonly charWidths = new Map<string, number>();

  constructor(private readonly doc: Pdf, private readonly fontName: string, private readonly size: number) {}

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
      this.doc.font(this.fontName).fontSize(this.size).text(text, x, y, { lineBreak: false });
      return;
    }
    // Same placement as PDFKit's text(): y is the top of the line, the baseline sits one ascender lower.
    const font = this.font();
    const baseline = this.doc.page.height - y - (font.ascender / 1000) * this.size;
    this.ops.push(`1 0 0 1 ${number(x)} ${number(baseline)} Tm <${Buffer.from(text, 'latin1').toString('hex')}> Tj`);
  }

  /** Writes what was added since the last flush (call once per page, before the page ends). */
  flush(): void {
    if (this.ops.length === 0) return;
    const font = this.font();
    const page = this.doc.page as unknown as { fonts: Record<string, unknown> };
    page.fonts[font.id] ??= font.ref();
    // PDFKit pages draw with the y axis flipped (origin top left); text objects flip it back, as text() does.
    this.doc.addContent(`q 1 0 0 -1 0 ${number(this.doc.page.height)} cm 0 g BT /${font.id} ${number(this.size)} Tf\n${this.ops.join('\n')}\nET Q`);
    this.ops.length = 0;
  }

  private font(): PdfKitFont {
    return (this.doc.font(this.fontName) as unknown as { _font: PdfKitFont })._font;
  }
}
