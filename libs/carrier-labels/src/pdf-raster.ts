import { dirname, join } from 'node:path';
import type { Raster } from '@waybill/carriers';

// pdf.js is ESM only; this import survives a CommonJS build (and the test runner's).
const importEsm = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const FONTS = `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * A carrier's PDF label (Royal Mail's, DHL's) as grey rasters, one per page, at `dpi`: rendered by
 * pdf.js, Mozilla's PDF engine, onto a canvas (@napi-rs/canvas, prebuilt in its npm package), composed
 * on white. Used to serve PNG and ZPL (^GF) of a label booked as PDF.
 */
export async function rasterisePdf(pdf: Buffer, dpi: number): Promise<Raster[]> {
  const pdfjs = await importEsm('pdfjs-dist/legacy/build/pdf.mjs');
  const { createCanvas } = await importEsm('@napi-rs/canvas');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, standardFontDataUrl: FONTS, verbosity: 0 }).promise;
  try {
    const pages: Raster[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: dpi / 72 });
      const canvas = createCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvasContext: ctx, viewport, canvas }).promise;
      const rgba = ctx.getImageData(0, 0, canvas.width, canvas.height).data as Uint8ClampedArray;
      const grey = new Uint8Array(canvas.width * canvas.height);
      for (let i = 0, j = 0; j < grey.length; i += 4, j++) grey[j] = (rgba[i] * 299 + rgba[i + 1] * 587 + rgba[i + 2] * 114) / 1000;
      pages.push({ width: canvas.width, height: canvas.height, grey });
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}
