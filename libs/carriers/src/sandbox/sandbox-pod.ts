import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';

/**
 * Proof-of-delivery documents of the sandbox carriers: real, viewable files derived only from the
 * tracking number, so the same parcel always yields the same bytes (tests and demos can compare them).
 */

/** A stream of pseudo-random bytes seeded by a string (SHA-256 in counter mode). */
function seededBytes(seed: string, length: number): Buffer {
  const blocks: Buffer[] = [];
  for (let i = 0; blocks.length * 32 < length; i++) blocks.push(createHash('sha256').update(`${seed}\u0000${i}`).digest());
  return Buffer.concat(blocks).subarray(0, length);
}

const escapeXml = (s: string): string => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A hand-drawn-looking signature: one smooth stroke of cubic curves across a signing box. */
export function signatureSvg(trackingNumber: string): Buffer {
  const b = seededBytes(`signature:${trackingNumber}`, 64);
  let x = 20;
  let d = `M ${x} ${60 + (b[0] % 30)}`;
  for (let i = 1; i + 3 < b.length && x < 360; i += 4) {
    const step = 18 + (b[i] % 22);
    const [y1, y2, y3] = [15 + (b[i + 1] % 90), 15 + (b[i + 2] % 90), 35 + (b[i + 3] % 50)];
    d += ` C ${x + step / 3} ${y1}, ${x + (2 * step) / 3} ${y2}, ${x + step} ${y3}`;
    x += step;
  }
  const svg = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="400" height="160" viewBox="0 0 400 160">
<rect width="400" height="160" fill="#ffffff"/>
<path d="${d}" fill="none" stroke="#1a237e" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round"/>
<line x1="20" y1="125" x2="380" y2="125" stroke="#9e9e9e" stroke-width="1"/>
<text x="20" y="148" font-family="sans-serif" font-size="12" fill="#616161">Signed for parcel ${escapeXml(trackingNumber)}</text>
</svg>
`;
  return Buffer.from(svg, 'utf8');
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A doorstep photo stand-in: an RGB PNG of a parcel (a brown box with tape) on a doormat whose colours
 * depend on the tracking number. Encoded by hand (zlib + CRC) to need no image library.
 */
export function doorstepPng(trackingNumber: string, width = 160, height = 120): Buffer {
  const [r0, g0, b0] = seededBytes(`photo:${trackingNumber}`, 3);
  const mat = [60 + (r0 % 80), 60 + (g0 % 80), 60 + (b0 % 80)];
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const inBox = x > 50 && x < 110 && y > 35 && y < 95;
      const tape = inBox && x > 76 && x < 84;
      const px = tape ? [220, 200, 150] : inBox ? [150, 105, 60] : y > 80 ? mat : [200, 200, 205];
      px.forEach((v, i) => { row[1 + x * 3 + i] = v; });
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}
