import bwipjs from 'bwip-js/node';

/** Bar and space widths in modules, bar first (Code 128, as bwip-js encodes it: check digit, quiet-zone-free). */
export interface LinearBarcode {
  widths: number[];
  modules: number;
}

export function code128(text: string): LinearBarcode {
  const [symbol] = bwipjs.raw('code128', text, {}) as Array<{ sbs?: number[] }>;
  if (!symbol?.sbs) throw new Error('Code 128 encoder returned no bars');
  return { widths: symbol.sbs, modules: symbol.sbs.reduce((a, b) => a + b, 0) };
}

/** Structural subset of a PDFKit document, so drawing can be tested and reused. */
interface RectCanvas {
  rect(x: number, y: number, w: number, h: number): this;
  fill(color?: string): this;
}

/**
 * Draws the bars as vector rectangles (crisp at any zoom or printer resolution, unlike a bitmap),
 * scaled to `width`, in one fill operation.
 */
export function drawBarcode(doc: RectCanvas, code: LinearBarcode, x: number, y: number, width: number, height: number): void {
  const module = width / code.modules;
  let cursor = x;
  code.widths.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(cursor, y, w * module, height);
    cursor += w * module;
  });
  doc.fill('#000000');
}
