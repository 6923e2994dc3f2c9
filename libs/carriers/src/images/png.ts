import { crc32, deflateSync } from 'node:zlib';
import type { Raster } from './raster';

const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

/** One PNG chunk: length, type, data and the CRC of type and data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** An 8-bit greyscale PNG of the raster, with its resolution (dots per inch) recorded. */
export function rasterToPng(r: Raster, dpi?: number): Buffer {
  const raw = Buffer.alloc((r.width + 1) * r.height);
  for (let y = 0; y < r.height; y++) raw.set(r.grey.subarray(y * r.width, (y + 1) * r.width), y * (r.width + 1) + 1);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(r.width, 0);
  header.writeUInt32BE(r.height, 4);
  header[8] = 8;
  const parts = [PNG_SIGNATURE, pngChunk('IHDR', header)];
  if (dpi) {
    const phys = Buffer.alloc(9);
    const perMetre = Math.round(dpi / 0.0254);
    phys.writeUInt32BE(perMetre, 0);
    phys.writeUInt32BE(perMetre, 4);
    phys[8] = 1;
    parts.push(pngChunk('pHYs', phys));
  }
  parts.push(pngChunk('IDAT', deflateSync(raw, { level: 6 })), pngChunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}
