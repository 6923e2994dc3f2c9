import { zipSync } from 'fflate';
import PDFDocument from 'pdfkit';
import { decodeGif, packBits, rasterToPng, type BookedDocuments, type Raster } from '@waybill/carriers';
import { fitOnPage, pageDots, PAGE_INCHES, type LabelSizeName } from './page';
import { graphicFieldOfBytes, type ZplCompression } from './zpl-graphic';
import { rasterisePdf } from './pdf-raster';
import { rasteriseZpl } from './zpl-raster';

export type DocumentType = 'application/pdf' | 'application/x-zebra-zpl' | 'image/png' | 'image/x-png-list';

export interface BookedLabelRequest {
  documentType: DocumentType;
  labelSize: LabelSizeName;
  dpi: 203 | 300;
  compression: ZplCompression;
  labelQuantity: number;
  /** The date the PDF carries, so the same labels always give the same bytes. */
  createdAt: Date;
}

/** The booked label cannot be turned into the format asked for (a label format no converter reads, ZPL the renderer refuses). */
export class LabelConversionUnavailable extends Error {}

// A stored label is asked for in several formats and sizes: decoded once while its bytes are in memory.
const decoded = new WeakMap<Buffer, Raster>();

const decode = (format: BookedDocuments['labelFormat'], label: Buffer): Raster => {
  if (format !== 'gif') throw new LabelConversionUnavailable(`labels booked as ${format.toUpperCase()} cannot be converted to an image here`);
  let raster = decoded.get(label);
  if (!raster) {
    raster = decodeGif(label);
    decoded.set(label, raster);
  }
  return raster;
};

/**
 * The booked labels as images: a PDF label page by page (a Royal Mail label may carry its CN22 on a second
 * page) at the requested resolution; a ZPL label by label (^XA..^XZ) at its printer's; an image as it is.
 */
async function rasters(docs: BookedDocuments, dpi: number): Promise<Raster[]> {
  switch (docs.labelFormat) {
    case 'pdf':
      return (await Promise.all(docs.labels.map((l) => rasterisePdf(l, dpi)))).flat();
    case 'zpl': {
      const labels = await Promise.all(docs.labels.map((l) => rasteriseZpl(l).catch((err: Error) => {
        throw new LabelConversionUnavailable(err.message);
      })));
      return labels.flat();
    }
    default:
      return docs.labels.map((l) => decode(docs.labelFormat, l));
  }
}

/** ZIP entry dates start in 1980. */
const zipTime = (d: Date) => (d.getUTCFullYear() < 1980 ? new Date(Date.UTC(1980, 0, 1)) : d);

function pdfOf(rasters: Raster[], req: BookedLabelRequest): Promise<Buffer> {
  const page = PAGE_INCHES[req.labelSize];
  const doc = new PDFDocument({ autoFirstPage: false, margin: 0, compress: true, info: { Title: 'Labels', Creator: 'Waybill', Producer: 'Waybill', CreationDate: req.createdAt } });
  for (const r of rasters) {
    for (let c = 0; c < req.labelQuantity; c++) {
      doc.addPage({ size: [page.width * 72, page.height * 72], margin: 0 });
      doc.image(rasterToPng(r, req.dpi), 0, 0, { width: page.width * 72, height: page.height * 72 });
    }
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (b: Buffer) => chunks.push(b));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

const copies = <T>(items: T[], n: number): T[] => items.flatMap((i) => Array.from({ length: n }, () => i));

/**
 * The carrier's own labels, stored at booking, in the format a documents request asks for: ZPL labels
 * as they are for ZPL; image, PDF and ZPL labels (rendered) placed on a page of the requested size for PDF
 * and PNG, and image and PDF labels as a ^GF graphic for ZPL. Answers what `labels` holds in the documents response.
 */
export async function renderBookedLabels(docs: BookedDocuments, req: BookedLabelRequest): Promise<string | string[]> {
  if (docs.labelFormat === 'zpl' && req.documentType === 'application/x-zebra-zpl') {
    return copies(docs.labels.map((l) => l.toString('latin1').trim()), req.labelQuantity).join('\n');
  }
  const { width, height } = pageDots(req.labelSize, req.dpi);
  const sources = await rasters(docs, req.dpi);
  const pages = sources.map((r) => fitOnPage(r, width, height));
  switch (req.documentType) {
    case 'application/pdf':
      return (await pdfOf(pages, req)).toString('base64');
    case 'application/x-zebra-zpl':
      return copies(pages, req.labelQuantity).map((p) => {
        const { bytes, bytesPerRow } = packBits(p);
        return `^XA\n^PW${width}\n^LL${height}\n^FO0,0${graphicFieldOfBytes(bytes, bytesPerRow, req.compression)}^FS\n^XZ`;
      }).join('\n');
    case 'image/x-png-list':
      return copies(pages.map((p) => rasterToPng(p, req.dpi).toString('base64')), req.labelQuantity);
    case 'image/png': {
      const pngs = copies(pages.map((p) => rasterToPng(p, req.dpi)), req.labelQuantity);
      const files = Object.fromEntries(pngs.map((png, i) => [`label-${String(i + 1).padStart(3, '0')}.png`, png]));
      return Buffer.from(zipSync(files, { level: 0, mtime: zipTime(req.createdAt) })).toString('base64');
    }
  }
}
