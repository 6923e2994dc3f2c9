import { inflateSync } from 'node:zlib';
import { decodeGif, encodeGif, packBits, rasterToPng, rotateClockwise, scaleTo } from './index';

const pattern = (x: number, y: number) => (x * 7 + y * 3) % 11 < 4 || y === 0 || x === 999;

describe('label images', () => {
  it('reads back every pixel of a GIF it wrote, large enough to fill the LZW dictionary', () => {
    const gif = encodeGif(1000, 300, pattern);
    expect(gif.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    const r = decodeGif(gif);
    expect([r.width, r.height]).toEqual([1000, 300]);
    let wrong = 0;
    for (let y = 0; y < 300; y++) for (let x = 0; x < 1000; x++) if ((r.grey[y * 1000 + x] < 128) !== pattern(x, y)) wrong++;
    expect(wrong).toBe(0);
  });

  it('compresses a mostly white label well', () => {
    const gif = encodeGif(1218, 812, (x, y) => x < 4 || y < 4);
    expect(gif.length).toBeLessThan(40_000);
  });

  it('rotates, scales and packs to 1-bit rows', () => {
    const r = { width: 3, height: 2, grey: Uint8Array.from([0, 255, 255, 255, 255, 0]) };
    const turned = rotateClockwise(r);
    expect([turned.width, turned.height]).toEqual([2, 3]);
    expect(Array.from(turned.grey)).toEqual([255, 0, 255, 255, 0, 255]);
    expect(Array.from(scaleTo(r, 6, 2).grey.subarray(0, 6))).toEqual([0, 0, 255, 255, 255, 255]);
    expect(packBits(r)).toEqual({ bytes: Uint8Array.from([0x80, 0x20]), bytesPerRow: 1 });
  });

  it('writes a greyscale PNG whose pixels and resolution read back', () => {
    const r = { width: 2, height: 2, grey: Uint8Array.from([0, 255, 10, 20]) };
    const png = rasterToPng(r, 203);
    expect(png.readUInt32BE(16)).toBe(2);
    const idat = png.indexOf('IDAT');
    const len = png.readUInt32BE(idat - 4);
    expect(Array.from(inflateSync(png.subarray(idat + 4, idat + 4 + len)))).toEqual([0, 0, 255, 0, 10, 20]);
    expect(png.includes(Buffer.from('pHYs'))).toBe(true);
  });
});
