import type { Raster } from '@waybill/carriers';
import { rasterThread } from './raster-thread';

const thread = rasterThread('pdf-raster.worker.mjs', 'the PDF label could not be rendered');

/**
 * A carrier's PDF label (Royal Mail's, DHL's) as grey rasters, one per page, at `dpi`: rendered by
 * pdf.js, Mozilla's PDF engine, onto a canvas (@napi-rs/canvas, prebuilt in its npm package), composed
 * on white, in a worker thread. Used to serve PNG and ZPL (^GF) of a label booked as PDF.
 */
export function rasterisePdf(pdf: Buffer, dpi: number): Promise<Raster[]> {
  return thread.render({ pdf: new Uint8Array(pdf), dpi });
}
