import { barsWidth, matrixGrid } from '../labels/barcodes';
import { DESIGN_DPI, type LabelElement, type LabelLayout } from '../labels/layout.model';
import { textWidth } from '../labels/text-metrics';
import { num, type Pdf } from './pdf.document';
import { darkRuns } from './runs';

const K = 72 / DESIGN_DPI;

/** Rectangles of one path, written straight into the content stream and filled once. */
class RectPath {
  private ops: string[] = [];
  add(x: number, y: number, w: number, h: number): void {
    this.ops.push(`${num(x * K)} ${num(y * K)} ${num(w * K)} ${num(h * K)} re`);
  }
  fill(doc: Pdf): void {
    if (this.ops.length === 0) return;
    doc.fillColor('black');
    doc.addContent(`${this.ops.join('\n')}\nf`);
    this.ops = [];
  }
}

function runs(path: RectPath, x0: number, y: number, cell: number, count: number, dark: (i: number) => boolean): void {
  darkRuns(count, dark, (start, length) => path.add(x0 + start * cell, y, length * cell, cell));
}

function shapes(path: RectPath, e: LabelElement): void {
  if (e.kind === 'box') {
    if (e.fill) path.add(e.x, e.y, e.w, e.h);
    else {
      path.add(e.x, e.y, e.w, e.t);
      path.add(e.x, e.y + e.h - e.t, e.w, e.t);
      path.add(e.x, e.y + e.t, e.t, e.h - 2 * e.t);
      path.add(e.x + e.w - e.t, e.y + e.t, e.t, e.h - 2 * e.t);
    }
  } else if (e.kind === 'code128') {
    let x = e.x + (e.width - barsWidth(e.bars) * e.module) / 2;
    e.bars.forEach((b, i) => {
      if (i % 2 === 0) path.add(x, e.y, b * e.module, e.h);
      x += b * e.module;
    });
  } else if (e.kind === 'matrix') {
    const g = matrixGrid(e.symbology, e.data);
    for (let y = 0; y < g.size; y++) runs(path, e.x, e.y + y * e.module, e.module, g.size, (i) => g.cells[y * g.size + i] === 1);
  } else if (e.kind === 'bitmap') {
    e.rows.forEach((row, y) => runs(path, e.x, e.y + y * e.scale, e.scale, row.length, (i) => row[i] === '#'));
  }
}

/**
 * One label on its own page, in points. Bars, cells and rules are vector rectangles; text is real
 * Helvetica text (extractable and searchable), drawn after the shapes so inverse text sits on its box.
 */
export function drawLabelPage(doc: Pdf, layout: LabelLayout): void {
  doc.addPage({ size: [layout.size.widthIn * 72, layout.size.heightIn * 72], margin: 0 });
  const path = new RectPath();
  for (const e of layout.elements) shapes(path, e);
  path.fill(doc);
  for (const e of layout.elements) {
    if (e.kind !== 'text') continue;
    const w = textWidth(e.text, e.size, e.bold);
    const dx = e.align === 'left' ? 0 : e.align === 'center' ? (e.width - w) / 2 : e.width - w;
    doc.font(e.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(e.size * K).fillColor(e.inverse ? 'white' : 'black')
      .text(e.text, (e.x + dx) * K, e.y * K, { lineBreak: false });
  }
}
