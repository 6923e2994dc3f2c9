import { crc16ccitt, graphicFieldOfBytes, type ZplCompression } from '@waybill/carrier-labels';

// The field writer is shared with carriers' own labels (a ^GF graphic of an image label).
export { crc16ccitt, type ZplCompression };

/** Packs picture rows (`#` dark) scaled to `cell` dots per picture cell into 1-bit rows, MSB first. */
export function packRows(rows: readonly string[], cell: number): { bytes: Uint8Array; bytesPerRow: number; heightDots: number } {
  const widthDots = rows[0].length * cell;
  const bytesPerRow = Math.ceil(widthDots / 8);
  const heightDots = rows.length * cell;
  const bytes = new Uint8Array(bytesPerRow * heightDots);
  rows.forEach((row, ry) => {
    for (let dy = 0; dy < cell; dy++) {
      const base = (ry * cell + dy) * bytesPerRow;
      for (let x = 0; x < widthDots; x++) if (row[Math.floor(x / cell)] === '#') bytes[base + (x >> 3)] |= 0x80 >> (x & 7);
    }
  });
  return { bytes, bytesPerRow, heightDots };
}

/** A ^GF graphic field of picture rows (`#` dark), `cell` dots per picture cell. */
export function graphicField(rows: readonly string[], cell: number, compression: ZplCompression): string {
  const { bytes, bytesPerRow } = packRows(rows, cell);
  return graphicFieldOfBytes(bytes, bytesPerRow, compression);
}
