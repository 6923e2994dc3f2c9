import PDFDocument from 'pdfkit';
import { fitText, textWidth } from '../labels/text-metrics';

export type Pdf = PDFKit.PDFDocument;

/**
 * A PDF whose bytes depend only on what is drawn: the creation date is the consignment's own (pdfkit
 * would stamp the current time), so the same consignment always gives the same document.
 */
export function newPdf(createdAt: Date, title: string): Pdf {
  return new PDFDocument({
    autoFirstPage: false, margin: 0, compress: true,
    info: { Title: title, Creator: 'Waybill', Producer: 'Waybill', CreationDate: createdAt },
  });
}

export function finishPdf(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** Numbers in content streams: two decimals are finer than any printer's dot. */
export const num = (v: number): string => String(Math.round(v * 100) / 100);

/** One line of Helvetica text in points, fitted into `width` (shrunk, then shortened) and aligned. */
export function drawText(doc: Pdf, value: string, x: number, y: number, size: number, width: number, o: { bold?: boolean; align?: 'left' | 'right' | 'center'; color?: string } = {}): void {
  if (!value) return;
  const bold = o.bold ?? false;
  const fit = fitText(value, size, width, bold);
  const w = textWidth(fit.text, fit.size, bold);
  const dx = o.align === 'right' ? width - w : o.align === 'center' ? (width - w) / 2 : 0;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(fit.size).fillColor(o.color ?? 'black').text(fit.text, x + dx, y, { lineBreak: false });
}
