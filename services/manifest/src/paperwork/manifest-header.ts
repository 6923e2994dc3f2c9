import type { LinearBarcode } from './barcode';
import { drawBarcode } from './barcode';
import { COLUMNS, BANDS, FONT, PAGE } from './manifest-layout';
import { addressLines, localDate, localDateTime } from './manifest-format';
import type { ManifestDocumentData, Pdf } from './manifest-document.data';
import { TextRun } from './pdf-text-run';

const GREY = '#555555';
const RIGHT_COLUMN_X = 318;

function labelled(doc: Pdf, label: string, value: string, y: number): void {
  doc.font(FONT.regular).fontSize(7).fillColor(GREY).text(label, RIGHT_COLUMN_X, y + 1.5, { lineBreak: false });
  doc.font(FONT.bold).fontSize(8.5).fillColor('#000000').text(value, RIGHT_COLUMN_X + 88, y, { lineBreak: false });
}

/**
 * The header every page repeats, so a page separated from the others (a driver's copy) still says
 * whose parcels, from where, for which carrier and which manifest; the barcode scans to the manifest id.
 */
export function drawHeader(doc: Pdf, d: ManifestDocumentData, barcode: LinearBarcode): void {
  const { claim } = d;
  const top = BANDS.headerTop;
  doc.font(FONT.bold).fontSize(18).fillColor('#000000').text('Carrier manifest', PAGE.margin, top, { lineBreak: false });
  doc.font(FONT.regular).fontSize(11).text(`${claim.carrier.name} (${claim.carrier.identifier})`, PAGE.margin, top + 24, { lineBreak: false });

  const barWidth = 200;
  const barX = PAGE.width - PAGE.margin - barWidth;
  drawBarcode(doc, barcode, barX, top, barWidth, 34);
  doc.font('Courier').fontSize(8).fillColor('#000000').text(d.manifestId, barX, top + 38, { width: barWidth, align: 'center', lineBreak: false });
  doc.moveTo(PAGE.margin, top + 54).lineTo(PAGE.width - PAGE.margin, top + 54).lineWidth(0.8).stroke('#000000');

  const infoTop = top + 64;
  const w = claim.warehouse;
  doc.font(FONT.regular).fontSize(7).fillColor(GREY).text('SHIPPER / COLLECTION ADDRESS', PAGE.margin, infoTop, { lineBreak: false });
  doc.font(FONT.bold).fontSize(10).fillColor('#000000').text(w.address.company_name || d.company, PAGE.margin, infoTop + 11, { lineBreak: false });
  doc.font(FONT.regular).fontSize(8.5);
  const lines = [`Account ${d.company}, warehouse ${w.name}`, ...addressLines(w.address)];
  lines.forEach((line, i) => doc.text(line, PAGE.margin, infoTop + 25 + i * 11, { lineBreak: false }));

  labelled(doc, 'Carrier', `${claim.carrier.name} (${claim.carrier.identifier})`, infoTop);
  labelled(doc, 'Carrier reference', d.carrierReference, infoTop + 13);
  labelled(doc, 'Manifest', d.manifestId, infoTop + 26);
  labelled(doc, 'Warehouse', w.identifier, infoTop + 39);
  labelled(doc, 'Collection date', localDate(d.createdAt, w.timezone), infoTop + 52);
  labelled(doc, 'Created', localDateTime(d.createdAt, w.timezone), infoTop + 65);
  labelled(doc, 'Consignments', String(claim.consignments.length), infoTop + 78);
}

/** Column headings, repeated at the top of the table on every page. */
export function drawColumnHeadings(doc: Pdf): void {
  const y = BANDS.tableTop;
  doc.rect(PAGE.margin, y, PAGE.width - 2 * PAGE.margin, 14).fill('#e6e6e6');
  doc.font(FONT.bold).fontSize(FONT.rowSize).fillColor('#000000');
  let x = PAGE.margin;
  for (const c of COLUMNS) {
    const tx = c.align === 'right' ? x + c.width - 3 - doc.widthOfString(c.title) : x + 3;
    doc.text(c.title, tx, y + 4, { lineBreak: false });
    x += c.width;
  }
}

/** The part of the footer every page repeats (drawn once, with the header). */
export function drawFooter(doc: Pdf, manifestId: string): void {
  const y = BANDS.footerTop;
  doc.moveTo(PAGE.margin, y - 4).lineTo(PAGE.width - PAGE.margin, y - 4).lineWidth(0.5).stroke('#999999');
  doc.font(FONT.regular).fontSize(7).fillColor(GREY).text(`Waybill carrier manifest ${manifestId}`, PAGE.margin, y, { lineBreak: false });
  doc.fillColor('#000000');
}

/** The footer's text run: the page number is the only thing that differs from page to page. */
export function footerRun(doc: Pdf): TextRun {
  return new TextRun(doc, FONT.regular, 7, 1 / 3);
}

export function addPageNumber(run: TextRun, page: number, pages: number): void {
  const label = `Page ${page} of ${pages}`;
  run.add(label, PAGE.width - PAGE.margin - run.widthOf(label), BANDS.footerTop);
}
