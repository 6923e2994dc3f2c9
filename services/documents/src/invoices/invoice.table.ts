import { drawText, num, type Pdf } from '../render/pdf.document';
import { formatMinor } from './money';
import type { Invoice } from './invoice.model';
import type { InvoicePage } from './invoice.pdf';

/** Column, share of the content width, and alignment. */
const COLUMNS: ReadonlyArray<readonly [string, number, 'left' | 'right']> = [
  ['#', 0.05, 'left'], ['Description', 0.33, 'left'], ['HS code', 0.13, 'left'], ['Origin', 0.08, 'left'],
  ['Qty', 0.07, 'right'], ['Unit value', 0.16, 'right'], ['Line total', 0.18, 'right'],
];

// Heights in points at A4 scale: the head (title, references, parties) at most, shipment facts, rows.
const HEAD_H = 212;
const SHIPMENT_H = 46;
const HEADER_ROW_H = 16;
const ROW_H = 12;

export interface RowSpan {
  start: number;
  end: number;
}

/** Splits the lines into pages so the last page also has room for the totals. */
export function tableRows(count: number, pg: InvoicePage, totalsH: number): RowSpan[] {
  const usable = pg.height - 2 * pg.margin - (HEAD_H + HEADER_ROW_H) * pg.f;
  const first = Math.max(1, Math.floor((usable - SHIPMENT_H * pg.f) / (ROW_H * pg.f)));
  const next = Math.max(1, Math.floor(usable / (ROW_H * pg.f)));
  const spans: RowSpan[] = [];
  let start = 0;
  while (start < count || spans.length === 0) {
    const cap = spans.length === 0 ? first : next;
    spans.push({ start, end: Math.min(count, start + cap) });
    start += cap;
  }
  const last = spans[spans.length - 1];
  const lastCap = spans.length === 1 ? first : next;
  if ((last.end - last.start) * ROW_H * pg.f + totalsH > lastCap * ROW_H * pg.f) spans.push({ start: count, end: count });
  return spans;
}

export function drawItemsTable(doc: Pdf, inv: Invoice, pg: InvoicePage, y: number, rows: RowSpan): number {
  const { margin: m, f } = pg;
  const w = pg.width - 2 * m;
  if (rows.end <= rows.start) return y;
  const xs: number[] = [];
  let x = m;
  for (const [, share] of COLUMNS) {
    xs.push(x);
    x += share * w;
  }
  doc.fillColor('black').addContent(`${num(m)} ${num(y)} ${num(w)} ${num(HEADER_ROW_H * f)} re\nf`);
  COLUMNS.forEach(([title, share, align], i) => {
    drawText(doc, title, xs[i] + 2 * f, y + 4 * f, 8 * f, share * w - 4 * f, { bold: true, align, color: 'white' });
  });
  let cy = y + HEADER_ROW_H * f + 2 * f;
  for (let i = rows.start; i < rows.end; i++) {
    const l = inv.lines[i];
    const cells = [String(i + 1), l.sku ? `${l.description} (${l.sku})` : l.description, l.hsCode, l.origin, String(l.quantity), formatMinor(l.unitMinor), formatMinor(l.totalMinor)];
    cells.forEach((cell, c) => drawText(doc, cell, xs[c] + 2 * f, cy, 8.5 * f, COLUMNS[c][1] * w - 4 * f, { align: COLUMNS[c][2] }));
    cy += ROW_H * f;
  }
  doc.fillColor('black').addContent(`${num(m)} ${num(cy)} ${num(w)} ${num(0.8)} re\nf`);
  return cy + 2 * f;
}
