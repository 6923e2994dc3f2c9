import JsBarcode from 'jsbarcode';
import { BarcodeFormat, DataMatrixWriter, EncodeHintType, QRCodeWriter } from '@zxing/library';
import type { RoutingSymbology } from '@waybill/carrier-model';

/**
 * Barcode encoders from npm, used only to know where the bars and cells go: every writer draws them
 * itself (vectors in PDF, pixels in PNG), and ZPL leaves the encoding to the printer's own commands.
 */

/** Code 128 (automatic code sets, as the printer's ^BC auto mode) as module widths, bar first. */
export function code128Bars(data: string): number[] {
  const target: { encodings?: Array<{ data: string }> } = {};
  JsBarcode(target, data, { format: 'CODE128' });
  const modules = (target.encodings ?? []).map((e) => e.data).join('');
  if (!modules) throw new Error(`cannot encode "${data}" as Code 128`);
  const runs: number[] = [];
  let run = 1;
  for (let i = 1; i <= modules.length; i++) {
    if (i < modules.length && modules[i] === modules[i - 1]) run++;
    else {
      runs.push(run);
      run = 1;
    }
  }
  return runs;
}

export function barsWidth(bars: readonly number[]): number {
  let w = 0;
  for (const b of bars) w += b;
  return w;
}

export interface MatrixGrid {
  size: number;
  /** Row-major, 1 = dark. */
  cells: Uint8Array;
}

/** zxing's SymbolShapeHint.FORCE_SQUARE (an ambient const enum, so not importable as a value here). */
const FORCE_SQUARE = 1;
const dataMatrix = new DataMatrixWriter();
const qr = new QRCodeWriter();
// Square DataMatrix, as the printer's ^BX picks; QR at level M with no quiet zone (the layout leaves space).
const DM_HINTS = new Map<EncodeHintType, unknown>([[EncodeHintType.DATA_MATRIX_SHAPE, FORCE_SQUARE]]);
const QR_HINTS = new Map<EncodeHintType, unknown>([[EncodeHintType.ERROR_CORRECTION, 'M'], [EncodeHintType.MARGIN, 0]]);

// A label's copies and its PDF and PNG renderings encode the same data: keep the last few grids.
const recent = new Map<string, MatrixGrid>();

export function matrixGrid(symbology: RoutingSymbology, data: string): MatrixGrid {
  const key = `${symbology}:${data}`;
  const hit = recent.get(key);
  if (hit) return hit;
  const m = symbology === 'qrcode'
    ? qr.encode(data, BarcodeFormat.QR_CODE, 0, 0, QR_HINTS)
    : dataMatrix.encode(data, BarcodeFormat.DATA_MATRIX, 0, 0, DM_HINTS);
  const size = m.getWidth();
  const cells = new Uint8Array(size * m.getHeight());
  for (let y = 0; y < m.getHeight(); y++) for (let x = 0; x < size; x++) cells[y * size + x] = m.get(x, y) ? 1 : 0;
  const grid = { size, cells };
  if (recent.size >= 64) recent.delete(recent.keys().next().value as string);
  recent.set(key, grid);
  return grid;
}
