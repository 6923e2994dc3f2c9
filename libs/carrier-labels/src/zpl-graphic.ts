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

/**
 * A ^GF graphic field of 1-bit rows: ASCII hex, or with `z64` the deflated bytes in Base64 between
 * `:Z64:` and the CRC, which is what keeps bitmap-heavy ZPL small on the wire.
 */
export function graphicFieldOfBytes(bytes: Uint8Array, bytesPerRow: number, compression: ZplCompression): string {
  let data: string;
  if (compression === 'z64') {
    const b64 = Buffer.from(zlibSync(bytes, { level: 9 })).toString('base64');
    data = `:Z64:${b64}:${crc16ccitt(b64).toString(16).padStart(4, '0')}`;
  } else {
    data = Buffer.from(bytes).toString('hex').toUpperCase();
  }
  return `^GFA,${bytes.length},${bytes.length},${bytesPerRow},${data}`;
}
