import { deflateSync } from 'node:zlib';
import { pngChunk as chunk } from '@waybill/carriers';

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

/**
 * RGBA pixels of a black-and-white label as an 8-bit greyscale PNG. Canvas's own PNG encoder spends most
 * of a label's time compressing four channels; one channel with the "Up" filter (rows of a label mostly
 * repeat the row above: bars, rules, white space) deflates several times faster and smaller.
 */
export function encodeGreyPng(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Buffer {
  const stride = width + 1;
  const raw = Buffer.alloc(stride * height);
  const prev = new Uint8Array(width);
  for (let y = 0; y < height; y++) {
    const o = y * stride;
    raw[o] = 2; // filter: Up
    const s = y * width * 4;
    for (let x = 0; x < width; x++) {
      const i = s + x * 4;
      // Black text on white: green alone is the luminance here, and cheaper than a weighted sum.
      const grey = rgba[i + 1];
      raw[o + 1 + x] = (grey - prev[x]) & 0xff;
      prev[x] = grey;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // colour type: greyscale
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 3 })), chunk('IEND', Buffer.alloc(0))]);
}
