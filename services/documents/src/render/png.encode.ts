import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

function chunk(type: string, data: Buffer): Buffer {
  const b = Buffer.alloc(12 + data.length);
  b.writeUInt32BE(data.length, 0);
  b.write(type, 4, 'latin1');
  data.copy(b, 8);
  b.writeUInt32BE(crc32(b.subarray(4, 8 + data.length)), 8 + data.length);
  return b;
}

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
