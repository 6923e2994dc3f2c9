import { zlibSync } from 'fflate';

export type ZplCompression = 'none' | 'z64';

/** CRC-16/CCITT (polynomial 0x1021, initial 0) over the Base64 text, as the printer checks a Z64 field. */
export function crc16ccitt(text: string): number {
  let crc = 0;
  for (let i = 0; i < text.length; i++) {
    crc ^= text.charCodeAt(i) << 8;
    for (let b = 0; b < 8; b++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

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

/**
 * A ^GF graphic field: ASCII hex, or with `z64` the deflated bytes in Base64 between `:Z64:` and the CRC,
 * which is what keeps bitmap-heavy ZPL small on the wire.
 */
export function graphicField(rows: readonly string[], cell: number, compression: ZplCompression): string {
  const { bytes, bytesPerRow } = packRows(rows, cell);
  let data: string;
  if (compression === 'z64') {
    const b64 = Buffer.from(zlibSync(bytes, { level: 9 })).toString('base64');
    data = `:Z64:${b64}:${crc16ccitt(b64).toString(16).padStart(4, '0')}`;
  } else {
    data = Buffer.from(bytes).toString('hex').toUpperCase();
  }
  return `^GFA,${bytes.length},${bytes.length},${bytesPerRow},${data}`;
}
