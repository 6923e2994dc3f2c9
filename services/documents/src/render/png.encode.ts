import { endianness } from 'node:os';
import { constants, deflateSync } from 'node:zlib';
import { pngChunk as chunk } from './png.chunk';

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
// Black text on white: green alone is the luminance here, and cheaper than a weighted sum. In a pixel read
// as one 32-bit word, green is the second byte in memory.
const GREEN_SHIFT = endianness() === 'LE' ? 8 : 16;

// The filtered rows, reused from label to label (deflate reads them synchronously): 1 MB at 203 dpi.
let scratch = Buffer.alloc(0);

/** Pixels as 32-bit words; a view when the buffer is aligned (canvas memory is), else a copy. */
function words(rgba: Uint8Array | Uint8ClampedArray, count: number): Uint32Array {
  if (rgba.byteOffset % 4 === 0) return new Uint32Array(rgba.buffer, rgba.byteOffset, count);
  return new Uint32Array(Uint8Array.from(rgba.subarray(0, count * 4)).buffer);
}

/** Each row as greyscale with the PNG "Up" filter: the difference from the row above. */
function filterUp(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Buffer {
  const stride = width + 1;
  if (scratch.length < stride * height) scratch = Buffer.alloc(stride * height);
  const px = words(rgba, width * height);
  const bytes = Buffer.from(px.buffer, px.byteOffset, px.byteLength);
  const rowBytes = width * 4;
  for (let y = 0; y < height; y++) {
    const o = y * stride;
    const s = y * width;
    scratch[o] = 2; // filter: Up
    if (y === 0) {
      for (let x = 0; x < width; x++) scratch[o + 1 + x] = (px[x] >>> GREEN_SHIFT) & 0xff;
    } else if (bytes.compare(bytes, s * 4, s * 4 + rowBytes, s * 4 - rowBytes, s * 4) === 0) {
      // About half the rows of a label repeat the row above (bars, rules, white space): compared natively.
      scratch.fill(0, o + 1, o + stride);
    } else {
      const p = s - width;
      for (let x = 0; x < width; x++) {
        const a = px[s + x];
        const b = px[p + x];
        scratch[o + 1 + x] = a === b ? 0 : (((a >>> GREEN_SHIFT) & 0xff) - ((b >>> GREEN_SHIFT) & 0xff)) & 0xff;
      }
    }
  }
  return scratch.subarray(0, stride * height);
}

/**
 * RGBA pixels of a black-and-white label as an 8-bit greyscale PNG. Canvas's own PNG encoder spends most
 * of a label's time compressing four channels; one channel with the "Up" filter (rows of a label mostly
 * repeat the row above) leaves long runs of zeros, which deflate's run-length strategy compresses faster
 * and smaller than its default matching.
 */
export function encodeGreyPng(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // colour type: greyscale
  const idat = deflateSync(filterUp(rgba, width, height), { level: 1, strategy: constants.Z_RLE });
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}
