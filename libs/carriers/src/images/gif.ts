import type { Raster } from './raster';

/**
 * GIF, as carriers send label and signature images: the first frame read into greys (transparent
 * pixels white), and a writer of black-and-white GIFs for the carrier doubles.
 */
export function decodeGif(buf: Buffer): Raster {
  if (buf.subarray(0, 3).toString('latin1') !== 'GIF') throw new Error('not a GIF image');
  let pos = 13;
  const flags = buf[10];
  let palette = flags & 0x80 ? readPalette(buf, pos, flags) : new Uint8Array(0);
  if (flags & 0x80) pos += 3 * (1 << ((flags & 7) + 1));
  let transparent = -1;
  for (;;) {
    const block = buf[pos++];
    if (block === 0x21) {
      const label = buf[pos++];
      if (label === 0xf9 && buf[pos + 1] & 1) transparent = buf[pos + 4];
      pos = skipSubBlocks(buf, pos);
    } else if (block === 0x2c) {
      const width = buf.readUInt16LE(pos + 4);
      const height = buf.readUInt16LE(pos + 6);
      const local = buf[pos + 8];
      pos += 9;
      if (local & 0x80) {
        palette = readPalette(buf, pos, local);
        pos += 3 * (1 << ((local & 7) + 1));
      }
      const minCodeSize = buf[pos++];
      const { data } = collectSubBlocks(buf, pos);
      const indices = lzwDecode(data, minCodeSize, width * height);
      const order = local & 0x40 ? interlacedRows(height) : null;
      const grey = new Uint8Array(width * height).fill(255);
      for (let i = 0; i < indices.length; i++) {
        const idx = indices[i];
        if (idx === transparent) continue;
        const row = order ? order[Math.floor(i / width)] : Math.floor(i / width);
        grey[row * width + (i % width)] = palette[idx] ?? 255;
      }
      return { width, height, grey };
    } else {
      throw new Error('GIF image has no frame');
    }
  }
}

function readPalette(buf: Buffer, at: number, flags: number): Uint8Array {
  const n = 1 << ((flags & 7) + 1);
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.round(0.299 * buf[at + 3 * i] + 0.587 * buf[at + 3 * i + 1] + 0.114 * buf[at + 3 * i + 2]);
  return out;
}

function skipSubBlocks(buf: Buffer, at: number): number {
  while (buf[at] !== 0) at += buf[at] + 1;
  return at + 1;
}

function collectSubBlocks(buf: Buffer, at: number): { data: Buffer; end: number } {
  const parts: Buffer[] = [];
  while (buf[at] !== 0) {
    parts.push(buf.subarray(at + 1, at + 1 + buf[at]));
    at += buf[at] + 1;
  }
  return { data: Buffer.concat(parts), end: at + 1 };
}

function interlacedRows(height: number): number[] {
  const rows: number[] = [];
  for (const [start, step] of [[0, 8], [4, 8], [2, 4], [1, 2]]) for (let y = start; y < height; y += step) rows.push(y);
  return rows;
}

/** LZW as GIF uses it: codes grow from minCodeSize + 1 bits up to 12; strings kept as prefix chains. */
function lzwDecode(data: Buffer, minCodeSize: number, pixels: number): Uint8Array {
  const out = new Uint8Array(pixels);
  const clear = 1 << minCodeSize;
  const prefix = new Int16Array(4096);
  const suffix = new Uint8Array(4096);
  const first = new Uint8Array(4096);
  const length = new Uint16Array(4096);
  for (let i = 0; i < clear; i++) { suffix[i] = i; first[i] = i; length[i] = 1; prefix[i] = -1; }
  let size = minCodeSize + 1;
  let next = clear + 2;
  let prev = -1;
  let bit = 0;
  let n = 0;
  const totalBits = data.length * 8;
  while (n < pixels && bit + size <= totalBits) {
    let code = 0;
    for (let i = 0; i < size; i++, bit++) code |= ((data[bit >> 3] >> (bit & 7)) & 1) << i;
    if (code === clear) { size = minCodeSize + 1; next = clear + 2; prev = -1; continue; }
    if (code === clear + 1) break;
    if (prev >= 0 && next < 4096) {
      // The new entry is prev + the first pixel of this code's string (of prev's own, when code is new).
      prefix[next] = prev;
      suffix[next] = code < next ? first[code] : first[prev];
      first[next] = first[prev];
      length[next] = length[prev] + 1;
      next++;
    }
    const len = length[code];
    let at = Math.min(n + len, pixels) - 1;
    for (let c = code, k = len; k > 0; k--, c = prefix[c]) {
      if (n + k - 1 <= at) out[n + k - 1] = suffix[c];
    }
    n += len;
    if (next === 1 << size && size < 12) size++;
    prev = code;
    at = 0;
  }
  return out;
}

/** A two-colour GIF (black where `dark` says) of the given size, LZW-compressed. */
export function encodeGif(width: number, height: number, dark: (x: number, y: number) => boolean): Buffer {
  const head = Buffer.alloc(13 + 6);
  head.write('GIF89a', 0, 'latin1');
  head.writeUInt16LE(width, 6);
  head.writeUInt16LE(height, 8);
  head[10] = 0x80; // global palette of 2 colours
  head.set([255, 255, 255, 0, 0, 0], 13);
  const descriptor = Buffer.alloc(10);
  descriptor[0] = 0x2c;
  descriptor.writeUInt16LE(width, 5);
  descriptor.writeUInt16LE(height, 7);
  const data = lzwEncode(width, height, dark);
  const blocks: Buffer[] = [];
  for (let i = 0; i < data.length; i += 255) {
    const part = data.subarray(i, i + 255);
    blocks.push(Buffer.from([part.length]), part);
  }
  return Buffer.concat([head, descriptor, Buffer.from([2]), ...blocks, Buffer.from([0, 0x3b])]);
}

function lzwEncode(width: number, height: number, dark: (x: number, y: number) => boolean): Buffer {
  const clear = 4;
  const bytes: number[] = [];
  let acc = 0;
  let bits = 0;
  let size = 3;
  const emit = (code: number) => {
    acc |= code << bits;
    bits += size;
    while (bits >= 8) { bytes.push(acc & 0xff); acc >>>= 8; bits -= 8; }
  };
  // A string is its prefix's code and one more pixel: key = code * 2 + pixel.
  let dict = new Map<number, number>();
  let next = 6;
  emit(clear);
  let current = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const k = dark(x, y) ? 1 : 0;
      if (current < 0) { current = k; continue; }
      const known = dict.get(current * 2 + k);
      if (known !== undefined) { current = known; continue; }
      emit(current);
      if (next < 4096) {
        dict.set(current * 2 + k, next++);
        if (next > 1 << size && size < 12) size++;
      } else {
        emit(clear);
        dict = new Map();
        next = 6;
        size = 3;
      }
      current = k;
    }
  }
  emit(current);
  emit(clear + 1);
  if (bits > 0) bytes.push(acc & 0xff);
  return Buffer.from(bytes);
}
