import PDFDocument from 'pdfkit';
import { renderBookedLabels } from './booked.render';
import { rasterisePdf } from './pdf-raster';

/** A 4x6 label PDF as a carrier would send it: text and a thick bar, then a second page (a CN22). */
function labelPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: [288, 432], margin: 0 });
  doc.fontSize(28).text('ROYAL MAIL', 20, 20);
  doc.rect(20, 200, 248, 60).fill('#000');
  doc.addPage({ size: [288, 432], margin: 0 }).fontSize(20).fillColor('#000').text('CN22', 20, 20);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.end();
  });
}

const darkShare = (grey: Uint8Array, from = 0, to = grey.length) => grey.subarray(from, to).filter((v) => v < 128).length / (to - from);

describe('PDF labels rendered for PNG and ZPL', () => {
  it('renders every page at the requested resolution, black where the label is black', async () => {
    const pages = await rasterisePdf(await labelPdf(), 203);
    expect(pages.map((p) => [p.width, p.height])).toEqual([[812, 1218], [812, 1218]]);
    const bar = pages[0].grey.subarray(230 * 203 / 72 * 812 | 0, (232 * 203 / 72 | 0) * 812);
    expect(darkShare(bar)).toBeGreaterThan(0.8);
    expect(darkShare(pages[0].grey)).toBeLessThan(0.2);
    expect(darkShare(pages[1].grey)).toBeGreaterThan(0);
  });

  it('serves a PDF-booked label as PNG pages and as a ^GF graphic', async () => {
    const docs = { labelFormat: 'pdf' as const, labels: [await labelPdf()] };
    const req = { labelSize: '4x6' as const, dpi: 203 as const, compression: 'none' as const, labelQuantity: 1, createdAt: new Date(0) };
    const pngs = (await renderBookedLabels(docs, { ...req, documentType: 'image/x-png-list' })) as string[];
    expect(pngs).toHaveLength(2);
    expect(Buffer.from(pngs[0], 'base64').subarray(1, 4).toString('latin1')).toBe('PNG');
    const zpl = (await renderBookedLabels(docs, { ...req, documentType: 'application/x-zebra-zpl' })) as string;
    expect(zpl.match(/\^XA/g)).toHaveLength(2);
    expect(zpl).toMatch(/\^GFA,\d+,\d+,102,/);
  });
});
