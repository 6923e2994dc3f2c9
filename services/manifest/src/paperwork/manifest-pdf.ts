import PDFDocument from 'pdfkit';
import { code128 } from './barcode';
import { addPageNumber, drawColumnHeadings, drawFooter, drawHeader, footerRun } from './manifest-header';
import { drawClosing, drawRow, STRIPE, totalsOf } from './manifest-rows';
import type { ManifestDocumentData } from './manifest-document.data';
import { TextRun } from './pdf-text-run';
import { recordForm } from './pdf-form';
import { BANDS, FONT, identifierLines, paginate, rowLines } from './manifest-layout';

const YIELD_EVERY_MS = 40;

export interface RenderedManifest {
  pdf: Buffer;
  pages: number;
}

/**
 * The carrier manifest as an A4 PDF: the header on every page, one row per consignment with page
 * breaks between rows, then totals and signature boxes. Standard PDF fonts keep the text extractable
 * and the file small; the barcode is vector.
 */
export async function renderManifestPdf(d: ManifestDocumentData): Promise<RenderedManifest> {
  const rows = d.claim.consignments;
  const doc = new PDFDocument({
    size: 'A4', margin: 0, autoFirstPage: false, compress: true,
    info: { Title: `Carrier manifest ${d.manifestId}`, Author: 'Waybill', Subject: `${d.claim.carrier.name} collection from ${d.claim.warehouse.identifier}`, CreationDate: d.createdAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  const run = new TextRun(doc, FONT.regular, FONT.rowSize);
  const identifiers = rows.map((r) => identifierLines(r.identifier, (t) => run.widthOf(t)));
  const lines = rows.map((r, i) => rowLines(r.tracking_numbers.length, identifiers[i].length));
  const pages = paginate(lines);
  const barcode = code128(d.manifestId);
  const footer = footerRun(doc);
  let stampHeader: (() => void) | undefined;
  let lastTurn = performance.now();
  for (let p = 0; p < pages.length; p++) {
    doc.addPage({ size: 'A4', margin: 0 });
    stampHeader ??= recordForm(doc, 'ManifestHeader', () => {
      drawHeader(doc, d, barcode);
      drawColumnHeadings(doc);
      drawFooter(doc, d.manifestId);
    });
    stampHeader();
    let y: number = BANDS.rowsTop;
    for (const i of pages[p]) y = drawRow(doc, run, rows[i], i, y, lines[i], identifiers[i]);
    if (pages[p].some((i) => i % 2 === 1)) doc.fill(STRIPE);
    run.flush();
    if (p === pages.length - 1) drawClosing(doc, totalsOf(rows), y);
    addPageNumber(footer, p + 1, pages.length);
    footer.flush();
    // A large manifest takes a while to draw: the service keeps answering meanwhile. Turns are given
    // every few tens of milliseconds rather than every page, because each one waits behind whatever
    // else is queued (in the one-process mode, every other service's database work).
    if (performance.now() - lastTurn > YIELD_EVERY_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      lastTurn = performance.now();
    }
  }
  doc.end();
  await finished;
  return { pdf: Buffer.concat(chunks), pages: pages.length };
}
