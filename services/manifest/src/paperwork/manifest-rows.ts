import type { ManifestClaimConsignment } from '@waybill/contracts';
import { COLUMNS, CLOSING_HEIGHT, FONT, MAX_TRACKING_LINES, PAGE } from './manifest-layout';
import { grams, kg } from './manifest-format';
import type { Pdf } from './manifest-document.data';
import type { TextRun } from './pdf-text-run';

function trackingLines(numbers: string[]): string[] {
  if (numbers.length === 0) return ['-'];
  if (numbers.length <= MAX_TRACKING_LINES) return numbers;
  const shown = numbers.slice(0, MAX_TRACKING_LINES - 1);
  return [...shown, `+ ${numbers.length - shown.length} more`];
}

function cells(c: ManifestClaimConsignment, index: number, identifier: string[]): Record<(typeof COLUMNS)[number]['key'], string[]> {
  const g = grams(c.weight_kg);
  return {
    index: [String(index + 1)],
    identifier,
    consignment_number: [c.consignment_number || '-'],
    tracking: trackingLines(c.tracking_numbers),
    postcode: [c.recipient.postcode],
    country: [c.recipient.country],
    packages: [String(c.package_count)],
    weight: [g === null ? '-' : kg(g)],
  };
}

export const STRIPE = '#f3f3f3';

/**
 * Draws one consignment's row at `y` and returns where the next row starts. Its texts go into the page's
 * text run; every other row adds its background to the page's stripe path, which the caller fills once
 * (with STRIPE) before the run is written over it.
 */
export function drawRow(doc: Pdf, run: TextRun, c: ManifestClaimConsignment, index: number, y: number, lines: number, identifier = [c.identifier]): number {
  const height = lines * FONT.lineHeight + 3;
  if (index % 2 === 1) doc.rect(PAGE.margin, y, PAGE.width - 2 * PAGE.margin, height);
  const values = cells(c, index, identifier);
  let x = PAGE.margin;
  for (const col of COLUMNS) {
    values[col.key].forEach((text, line) => {
      const tx = col.align === 'right' ? x + col.width - 3 - run.widthOf(text) : x + 3;
      run.add(text, tx, y + 2 + line * FONT.lineHeight);
    });
    x += col.width;
  }
  return y + height;
}

export interface Totals {
  consignments: number;
  packages: number;
  grams: number;
  withoutWeight: number;
}

export function totalsOf(rows: ManifestClaimConsignment[]): Totals {
  return rows.reduce<Totals>((t, c) => {
    const g = grams(c.weight_kg);
    return {
      consignments: t.consignments + 1, packages: t.packages + c.package_count,
      grams: t.grams + (g ?? 0), withoutWeight: t.withoutWeight + (g === null ? 1 : 0),
    };
  }, { consignments: 0, packages: 0, grams: 0, withoutWeight: 0 });
}

/** Totals and the boxes the driver and the shipper sign at collection. */
export function drawClosing(doc: Pdf, t: Totals, top: number): void {
  const y = top + 10;
  const right = PAGE.width - PAGE.margin;
  doc.moveTo(PAGE.margin, y).lineTo(right, y).lineWidth(0.8).stroke('#000000');
  doc.font(FONT.bold).fontSize(9).fillColor('#000000');
  doc.text('Totals', PAGE.margin, y + 8, { lineBreak: false });
  doc.text(`Consignments: ${t.consignments}`, PAGE.margin + 70, y + 8, { lineBreak: false });
  doc.text(`Packages: ${t.packages}`, PAGE.margin + 200, y + 8, { lineBreak: false });
  doc.text(`Total weight: ${kg(t.grams)} kg`, PAGE.margin + 310, y + 8, { lineBreak: false });
  if (t.withoutWeight > 0) {
    doc.font(FONT.regular).fontSize(7.5).text(`No weight declared for ${t.withoutWeight} consignment(s); not included in the total weight.`, PAGE.margin + 70, y + 21, { lineBreak: false });
  }
  const boxTop = y + 38;
  const boxes = ['Collected by (driver name)', 'Driver signature', 'Collection date and time', 'Shipper signature'];
  const w = (right - PAGE.margin - 3 * 8) / boxes.length;
  boxes.forEach((label, i) => {
    const x = PAGE.margin + i * (w + 8);
    doc.rect(x, boxTop, w, CLOSING_HEIGHT - 48).lineWidth(0.5).stroke('#000000');
    doc.font(FONT.regular).fontSize(7).fillColor('#555555').text(label, x + 4, boxTop + 4, { lineBreak: false });
  });
  doc.fillColor('#000000');
}
