import { inflateSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import type { BookedDocuments, Raster } from '@waybill/carriers';
import { dhlDoubleLabel, upsDoubleZplLabel } from '@waybill/carrier-doubles';
import { readPdf } from '@waybill/testing';
import { LabelConversionUnavailable, renderBookedLabels, type BookedLabelRequest } from './booked.render';
import { rasteriseZpl } from './zpl-raster';

// The ZPL labels the UPS and DHL Express doubles hand out when an account books in ZPL: text, and Code 128
// barcodes of the tracking numbers (UPS at y 260..420 dots, DHL's waybill at y 160..280, both from x 30/40).
const ups = upsDoubleZplLabel('1Z999AA10123456784', '11', { city: 'London', postcode: 'SW1A 1AA', country: 'GB' });
const dhl = dhlDoubleLabel('zpl', 'JD014600000000000001', '9999999001', { cityName: 'Dublin', postalCode: 'D02 X285', countryCode: 'IE' });

// What a carrier's ZPL label carries beyond the doubles' (written here for this test): a frame (^GB), a ^GF
// graphic (a 16x16 black square, hex), MaxiCode (^BD) and PDF417 (^B7), on a 4x6 label that states its size.
const square = 'FFFF'.repeat(16);
const rich = Buffer.from([
  '^XA', '^PW812', '^LL1218', '^FO10,10^GB792,1198,6^FS', '^FO40,40^A0N,50,50^FDSHIP TO^FS',
  '^FO40,200^BD2^FH^FD001840152382000[)>_1E01_1D961Z00004951_1DUPSN_1D06X610_1D159_1D1234567_1D1/1_1D_1DY_1D_1D_1DUT_1E_04^FS',
  '^FO420,200^B7N,5,5,,,N^FDPDF417 SHIPMENT DATA 1Z999AA10123456784^FS', `^FO600,600^GFA,32,32,2,${square}^FS`, '^XZ', '',
].join('\n'), 'latin1');

const req = (over: Partial<BookedLabelRequest>): BookedLabelRequest => ({
  documentType: 'image/x-png-list', labelSize: '4x6', dpi: 203, compression: 'none', labelQuantity: 1, createdAt: new Date('2026-01-01T00:00:00Z'), ...over,
});

/** Our PNGs are 8-bit grey rows, each after one filter byte (none): decoded to a raster. */
function decodePng(b64: string): Raster {
  const png = Buffer.from(b64, 'base64');
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const idats: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const len = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idats.push(png.subarray(at + 8, at + 8 + len));
    at += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idats));
  const grey = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (width + 1)]).toBe(0);
    grey.set(raw.subarray(y * (width + 1) + 1, (y + 1) * (width + 1)), y * width);
  }
  return { width, height, grey };
}

const region = (r: Raster, x0: number, y0: number, x1: number, y1: number) => {
  let dark = 0;
  let edges = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const d = r.grey[y * r.width + x] < 128;
      if (d) dark++;
      if (x > x0 && d !== r.grey[y * r.width + x - 1] < 128) edges++;
    }
  }
  return { dark: dark / ((x1 - x0) * (y1 - y0)), edgesPerRow: edges / (y1 - y0) };
};

describe('ZPL labels rendered by zpl-renderer-js', () => {
  it('renders a 4x6 label at the carriers\' 203 dpi: text, boxes, ^GF graphics, Code 128, MaxiCode and PDF417', async () => {
    const [label] = await rasteriseZpl(rich);
    expect([label.width, label.height]).toEqual([812, 1218]);
    expect(region(label, 12, 300, 15, 900).dark).toBe(1); // the ^GB frame's left side
    expect(region(label, 600, 600, 616, 616).dark).toBe(1); // the ^GF square
    expect(region(label, 620, 620, 700, 700).dark).toBe(0); // white beside it
    expect(region(label, 40, 40, 300, 90).dark).toBeGreaterThan(0.1); // SHIP TO
    const maxicode = region(label, 40, 200, 240, 390);
    expect(maxicode.dark).toBeGreaterThan(0.2);
    expect(maxicode.edgesPerRow).toBeGreaterThan(10);
    expect(region(label, 420, 200, 780, 260).edgesPerRow).toBeGreaterThan(20); // PDF417's columns
  });

  it('takes the printer set-up a carrier label opens with (^LRN^MNY^MFN^LH^MCY^POI^CI27) and draws it upright', async () => {
    const setUp = Buffer.from('^XA^LRN^MNY^MFN,N^LH10,12^MCY^POI^PW812^CI27\n^FO20,20^GB300,60,60^FS\n^FO20,1100^GB200,60,60^FS\n^XZ', 'latin1');
    const [label] = await rasteriseZpl(setUp);
    expect([label.width, label.height]).toEqual([812, 1218]);
    expect(region(label, 35, 37, 325, 87).dark).toBe(1); // the top bar, moved by ^LH, still at the top
    expect(region(label, 35, 1117, 225, 1167).dark).toBe(1);
    expect(region(label, 500, 37, 800, 87).dark).toBe(0);
  });

  it('answers one raster per ^XA..^XZ label, cut to 6 inches where the label states no length', async () => {
    const pages = await rasteriseZpl(Buffer.concat([ups, dhl]));
    expect(pages.map((p) => [p.width, p.height])).toEqual([[812, 1218], [812, 1218]]);
  });

  it('keeps what a label without ^LL prints below 6 inches (a longer stock), down to its last row', async () => {
    const [long] = await rasteriseZpl(Buffer.from('^XA^FO20,20^GB100,100,100^FS^FO20,1400^GB100,50,50^FS^XZ', 'latin1'));
    expect([long.width, long.height]).toEqual([812, 1450]);
    expect(region(long, 20, 1400, 120, 1450).dark).toBe(1);
  });

  it.each([
    ['UPS', ups, 260, 420], ['DHL Express', dhl, 160, 280],
  ] as const)('%s: PNG at 203 and 300 dpi on every page size, the barcode where the carrier put it', async (_c, label, top, bottom) => {
    const docs: BookedDocuments = { labelFormat: 'zpl', labels: [label, label] };
    for (const [dpi, labelSize, w, h] of [[203, '4x6', 812, 1218], [300, '4x6', 1200, 1800], [203, '8x4', 1624, 812], [300, 'A6', 1240, 1748]] as const) {
      const list = await renderBookedLabels(docs, req({ dpi, labelSize, labelQuantity: 2 })) as string[];
      expect(list).toHaveLength(4);
      const png = decodePng(list[0]);
      expect([png.width, png.height]).toEqual([w, h]);
      expect(region(png, 0, 0, w, h).dark).toBeGreaterThan(0.01);
      if (labelSize === '4x6') {
        const s = dpi / 203;
        const bars = region(png, Math.round(60 * s), Math.round((top + 10) * s), Math.round(300 * s), Math.round((bottom - 40) * s));
        expect(bars.dark).toBeGreaterThan(0.3);
        expect(bars.dark).toBeLessThan(0.8);
        expect(bars.edgesPerRow).toBeGreaterThan(20);
        expect(region(png, 0, Math.round(1000 * s), w, Math.round(1200 * s)).dark).toBe(0); // nothing drawn below
      }
    }
    const zip = unzipSync(Buffer.from(await renderBookedLabels(docs, req({ documentType: 'image/png' })) as string, 'base64'));
    expect(Object.keys(zip)).toEqual(['label-001.png', 'label-002.png']);
  });

  it.each([['4x6', 288, 432], ['8x4', 576, 288], ['A6', 297.64, 419.53]] as const)('PDF on %s pages: one page per label and copy', async (labelSize, w, h) => {
    const docs: BookedDocuments = { labelFormat: 'zpl', labels: [ups, dhl] };
    const pdf = Buffer.from(await renderBookedLabels(docs, req({ documentType: 'application/pdf', labelSize, labelQuantity: 2 })) as string, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages } = await readPdf(pdf);
    expect(pages).toHaveLength(4);
    for (const p of pages) {
      expect(p.width).toBeCloseTo(w, 1);
      expect(p.height).toBeCloseTo(h, 1);
    }
  });

  it('ZPL asked as ZPL is the carrier\'s text, untouched', async () => {
    const zpl = await renderBookedLabels({ labelFormat: 'zpl', labels: [ups] }, req({ documentType: 'application/x-zebra-zpl' }));
    expect(zpl).toBe(ups.toString('latin1').trim());
  });

  it('ZPL the renderer cannot read is a conversion it says it cannot make, with its reason', async () => {
    const err = await renderBookedLabels({ labelFormat: 'zpl', labels: [Buffer.from('not a label')] }, req({})).catch((e: Error) => e);
    expect(err).toBeInstanceOf(LabelConversionUnavailable);
    expect((err as Error).message).toMatch(/ZPL label could not be rendered: .*no labels parsed/i);
  });
});
