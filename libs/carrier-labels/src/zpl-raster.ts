import type { Raster } from '@waybill/carriers';
import { rasterThread } from './raster-thread';

const thread = rasterThread('zpl-raster.worker.mjs', "the carrier's ZPL label could not be rendered");

/**
 * The resolution UPS's and DHL Express's ZPL labels are written for: 8 dots a millimetre (203 dpi). UPS's ZPL
 * is 203 dpi; MyDHL's default printer resolution is 200 dpi (8 dots/mm), and Waybill asks for no other.
 */
export const CARRIER_ZPL_DPMM = 8;
/** Label stock both carriers' ZPL is booked on when it says no size itself (no ^PW/^LL): 4 x 6 inches. */
const STOCK = { width: 4 * 203, height: 6 * 203, maxHeight: 8 * 203 };

/**
 * A carrier's ZPL label as grey rasters, one per ^XA..^XZ label, at the carrier's printer resolution
 * (`CARRIER_ZPL_DPMM`), rendered in a worker thread by zpl-renderer-js (Zebrash compiled to WebAssembly):
 * its fonts, ^GB boxes, ^GF graphics and barcodes (Code 128, PDF417, MaxiCode, DataMatrix, QR) as a printer
 * draws them. Used to serve PDF and PNG of a label booked as ZPL.
 */
export function rasteriseZpl(zpl: Buffer): Promise<Raster[]> {
  // ^CI28 (and 29): the field data is UTF-8; otherwise one byte a character.
  const latin1 = zpl.toString('latin1');
  return thread.render({ zpl: /\^CI2[89]/.test(latin1) ? zpl.toString('utf8') : latin1, size: { dpmm: CARRIER_ZPL_DPMM, ...STOCK } });
}
