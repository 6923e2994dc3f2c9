import { inflateSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { decodeGif, encodeGif, type BookedDocuments } from '@waybill/carriers';
import { readPdf } from '@waybill/testing';
import { crc16ccitt, renderBookedLabels, type BookedLabelRequest } from './index';

// A landscape 6x4 label at 203 dpi, as UPS sends its GIF labels: a black bar along its top edge.
const gif = encodeGif(1218, 812, (x, y) => y < 40 || x < 4);
const booked: BookedDocuments = { labelFormat: 'gif', labels: [gif, gif] };
const req = (over: Partial<BookedLabelRequest>): BookedLabelRequest => ({
  documentType: 'application/pdf', labelSize: '4x6', dpi: 203, compression: 'none', labelQuantity: 1, createdAt: new Date('2026-01-01T00:00:00Z'), ...over,
});
const pngSize = (b: Buffer) => [b.readUInt32BE(16), b.readUInt32BE(20)];

describe("a carrier's image labels in every document type and size", () => {
  it.each([['4x6', 288, 432], ['8x4', 576, 288], ['A6', 297.64, 419.53]] as const)('PDF: one %s page per label and copy', async (labelSize, w, h) => {
    const pdf = Buffer.from(await renderBookedLabels(booked, req({ labelSize, labelQuantity: 2 })) as string, 'base64');
    const { pages } = await readPdf(pdf);
    expect(pages).toHaveLength(4);
    expect(pages[0].width).toBeCloseTo(w, 1);
    expect(pages[0].height).toBeCloseTo(h, 1);
  });

  it.each([[203, '4x6', 812, 1218], [300, '4x6', 1200, 1800], [203, '8x4', 1624, 812], [300, 'A6', 1240, 1748]] as const)(
    'PNG at %i dpi, %s: %ix%i, the label turned to the page and kept whole', async (dpi, labelSize, w, h) => {
      const list = await renderBookedLabels(booked, req({ documentType: 'image/x-png-list', dpi, labelSize })) as string[];
      expect(list).toHaveLength(2);
      const png = Buffer.from(list[0], 'base64');
      expect(pngSize(png)).toEqual([w, h]);
      const zip = unzipSync(Buffer.from(await renderBookedLabels(booked, req({ documentType: 'image/png', dpi, labelSize })) as string, 'base64'));
      expect(Object.keys(zip)).toEqual(['label-001.png', 'label-002.png']);
    });

  it('portrait 4x6 PNG: the landscape label turned clockwise, its top bar now down the right edge', async () => {
    const [first] = await renderBookedLabels(booked, req({ documentType: 'image/x-png-list' })) as string[];
    const png = Buffer.from(first, 'base64');
    const idat = png.indexOf('IDAT');
    const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
    const pixel = (x: number, y: number) => raw[y * 813 + 1 + x];
    expect([pixel(811, 600), pixel(400, 600)]).toEqual([0, 255]);
  });

  it('ZPL: the image as one ^GF graphic per label, hex or Z64 with its CRC', async () => {
    const zpl = await renderBookedLabels(booked, req({ documentType: 'application/x-zebra-zpl', compression: 'z64' })) as string;
    const blocks = zpl.match(/\^XA[\s\S]*?\^XZ/g)!;
    expect(blocks).toHaveLength(2);
    const [, total, , perRow, b64, crc] = /\^GFA,(\d+),(\d+),(\d+),:Z64:([^:]+):([0-9a-f]{4})/.exec(blocks[0])!;
    expect(Number(perRow)).toBe(102);
    expect(Number(total)).toBe(102 * 1218);
    expect(crc16ccitt(b64)).toBe(parseInt(crc, 16));
    const hex = await renderBookedLabels(booked, req({ documentType: 'application/x-zebra-zpl', labelSize: '8x4' })) as string;
    expect(hex).toMatch(/\^PW1624\n\^LL812\n\^FO0,0\^GFA,164836,164836,203,[0-9A-F]+\^FS/);
  });

  it('ZPL labels pass through for ZPL (rendered for the other types: zpl-raster.test.ts)', async () => {
    const zplBooked: BookedDocuments = { labelFormat: 'zpl', labels: [Buffer.from('^XA^FDone^FS^XZ\n')] };
    expect(await renderBookedLabels(zplBooked, req({ documentType: 'application/x-zebra-zpl', labelQuantity: 2 }))).toBe('^XA^FDone^FS^XZ\n^XA^FDone^FS^XZ');
  });

  it('keeps the label whole on a page of another shape (A6): scaled, centred, not stretched', async () => {
    const [first] = await renderBookedLabels(booked, req({ documentType: 'image/x-png-list', labelSize: 'A6' })) as string[];
    const png = Buffer.from(first, 'base64');
    expect(pngSize(png)).toEqual([839, 1183]);
    // 812x1218 turned and scaled by 1183/1218 is 789 wide: 25 white columns either side, the bar inside.
    const idat = png.indexOf('IDAT');
    const raw = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
    const pixel = (x: number, y: number) => raw[y * 840 + 1 + x];
    expect([pixel(10, 600), pixel(830, 600), pixel(800, 600), pixel(400, 600)]).toEqual([255, 255, 0, 255]);
    expect(decodeGif(gif).width).toBe(1218);
  });
});
