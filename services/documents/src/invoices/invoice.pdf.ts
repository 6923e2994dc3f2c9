import { drawText, num, type Pdf } from '../render/pdf.document';
import { formatMinor } from './money';
import type { Invoice } from './invoice.model';
import { drawItemsTable, tableRows } from './invoice.table';

export type InvoiceSize = 'A4' | '6x4';

/** Page geometry in points; a 6x4 (thermal) invoice is the A4 layout at 70 %, on label stock. */
export interface InvoicePage {
  width: number;
  height: number;
  margin: number;
  f: number;
}

export const INVOICE_PAGES: Readonly<Record<InvoiceSize, InvoicePage>> = {
  A4: { width: 595.28, height: 841.89, margin: 40, f: 1 },
  '6x4': { width: 288, height: 432, margin: 12, f: 0.62 },
};

function rule(doc: Pdf, x: number, y: number, w: number, t: number): void {
  doc.fillColor('black').addContent(`${num(x)} ${num(y)} ${num(w)} ${num(t)} re\nf`);
}

function party(doc: Pdf, title: string, p: Invoice['sender'], x: number, y: number, w: number, f: number): number {
  drawText(doc, title, x, y, 8 * f, w, { bold: true });
  let cy = y + 12 * f;
  p.lines.forEach((line, i) => {
    drawText(doc, line, x, cy, 9 * f, w, { bold: i === 0 });
    cy += 11.5 * f;
  });
  for (const id of p.ids) {
    drawText(doc, id, x, cy, 8.5 * f, w, { bold: id.startsWith('EORI') });
    cy += 11 * f;
  }
  return cy;
}

/** Title, references and the two parties; answers where the shipment details may start. */
function head(doc: Pdf, inv: Invoice, pg: InvoicePage, pageNo: number, pages: number, copy: number): number {
  const { margin: m, f } = pg;
  const w = pg.width - 2 * m;
  drawText(doc, 'COMMERCIAL INVOICE', m, m, 18 * f, w * 0.55, { bold: true });
  drawText(doc, `Page ${pageNo} of ${pages}  -  copy ${copy}`, m + w * 0.55, m + 4 * f, 8 * f, w * 0.45, { align: 'right' });
  const meta = [`Invoice no. ${inv.number}`, `Date ${inv.date}`, `Carrier ${inv.carrier} - ${inv.service}`,
    `Consignment ${inv.consignmentNumber || '-'}`, `Tracking ${inv.trackingNumbers.join(', ') || '-'}`];
  let y = m + 26 * f;
  for (const line of meta) {
    drawText(doc, line, m, y, 8.5 * f, w);
    y += 11 * f;
  }
  rule(doc, m, y + 2 * f, w, 1);
  const top = y + 10 * f;
  const a = party(doc, 'SENDER / EXPORTER', inv.sender, m, top, w / 2 - 8 * f, f);
  const b = party(doc, 'RECIPIENT / IMPORTER', inv.recipient, m + w / 2 + 8 * f, top, w / 2 - 8 * f, f);
  return Math.max(a, b) + 6 * f;
}

function shipment(doc: Pdf, inv: Invoice, pg: InvoicePage, y: number): number {
  const { margin: m, f } = pg;
  const w = pg.width - 2 * m;
  const facts = [`Incoterm: ${inv.incoterm}`, `Reason for export: ${inv.reason}`, `Currency: ${inv.currency}`,
    `Packages: ${inv.packageCount}`, ...(inv.ioss ? [`IOSS: ${inv.ioss}`] : [])];
  rule(doc, m, y, w, 1);
  const colW = w / 3;
  facts.forEach((fact, i) => drawText(doc, fact, m + (i % 3) * colW, y + 6 * f + Math.floor(i / 3) * 11 * f, 8.5 * f, colW - 4 * f, { bold: i === 0 }));
  return y + 8 * f + Math.ceil(facts.length / 3) * 11 * f + 4 * f;
}

function totals(doc: Pdf, inv: Invoice, pg: InvoicePage, y: number): void {
  const { margin: m, f } = pg;
  const w = pg.width - 2 * m;
  const x = m + w * 0.5;
  const rows: Array<[string, string]> = [
    ['Total quantity', String(inv.totalQuantity)],
    [`Goods value (${inv.currency})`, formatMinor(inv.goodsMinor)],
    [`Shipping cost (${inv.currency})`, formatMinor(inv.shippingMinor)],
    [`TOTAL INVOICE VALUE (${inv.currency})`, formatMinor(inv.totalMinor)],
  ];
  rows.forEach(([k, v], i) => {
    const last = i === rows.length - 1;
    drawText(doc, k, x, y + i * 12 * f, 9 * f, w * 0.32, { bold: last });
    drawText(doc, v, x + w * 0.32, y + i * 12 * f, 9 * f, w * 0.18, { bold: last, align: 'right' });
  });
  const dy = y + rows.length * 12 * f + 10 * f;
  drawText(doc, 'I declare that the information on this invoice is true and correct and that the goods are as stated.', m, dy, 7.5 * f, w);
  drawText(doc, `Signed for ${inv.sender.lines[0]}  ${inv.date}`, m, dy + 14 * f, 8.5 * f, w, { bold: true });
}

/** Reserved at the foot of the last page for totals and the declaration. */
const TOTALS_H = 92;

/** Draws `copies` copies of the invoice, each paginated, onto `doc` (its own PDF or after the labels). */
export function drawInvoice(doc: Pdf, inv: Invoice, size: InvoiceSize, copies: number): void {
  const pg = INVOICE_PAGES[size];
  const plan = tableRows(inv.lines.length, pg, TOTALS_H * pg.f);
  for (let copy = 1; copy <= copies; copy++) {
    plan.forEach((rows, i) => {
      doc.addPage({ size: [pg.width, pg.height], margin: 0 });
      let y = head(doc, inv, pg, i + 1, plan.length, copy);
      if (i === 0) y = shipment(doc, inv, pg, y);
      y = drawItemsTable(doc, inv, pg, y, rows);
      if (i === plan.length - 1) totals(doc, inv, pg, y + 8 * pg.f);
    });
  }
}
