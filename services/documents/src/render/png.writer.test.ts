import { BarcodeFormat } from '@zxing/library';
import { layoutLabel } from '../labels/label.layout';
import { LABEL_SIZES, type Code128Element, type MatrixElement } from '../labels/layout.model';
import { SERVICES, sampleFacts } from '../test-support/sample-consignment';
import { decodeBarcode, readPng } from '../test-support/decode';
import { createCanvas } from '@napi-rs/canvas';
import { paintLabel, pngLabel } from './png.writer';
import { pixelSize, type LabelLayout } from '../labels/layout.model';

/** The straightforward pipeline: a new canvas per label, encoded by Skia's own (RGBA) PNG encoder. */
function referencePixels(layout: LabelLayout, dpi: number): Buffer {
  const { width, height } = pixelSize(layout.size, dpi);
  const canvas = createCanvas(width, height);
  paintLabel(canvas.getContext('2d'), layout, dpi);
  return readPng(canvas.encodeSync('png')).data;
}

describe('PNG label rasteriser', () => {
  it.each([[203, 812, 1218], [300, 1200, 1800]])('renders a 4x6 label at %i dpi as %i×%i px', (dpi, w, h) => {
    const png = readPng(pngLabel(layoutLabel(sampleFacts(SERVICES.generic, 1)[0], LABEL_SIZES['4x6']), dpi));
    expect([png.width, png.height]).toEqual([w, h]);
  });

  it('renders 8x4 landscape', () => {
    const png = readPng(pngLabel(layoutLabel(sampleFacts(SERVICES.generic, 1)[0], LABEL_SIZES['8x4']), 203));
    expect([png.width, png.height]).toEqual([1624, 812]);
  });

  it.each([
    ['Generic', SERVICES.generic, BarcodeFormat.DATA_MATRIX, 203],
    ['SwiftPost', SERVICES.swiftpost, BarcodeFormat.DATA_MATRIX, 300],
    ['Globex', SERVICES.globex, BarcodeFormat.QR_CODE, 203],
    ['Parcelink', SERVICES.parcelink, BarcodeFormat.DATA_MATRIX, 300],
  ])('%s: a scanner reads the tracking number from the Code 128 and the routing data from the 2D code', (_n, service, format, dpi) => {
    const [facts] = sampleFacts(service, 1, service === SERVICES.globex ? 'US' : 'GB');
    const layout = layoutLabel(facts, LABEL_SIZES['4x6']);
    const png = readPng(pngLabel(layout, dpi));
    const k = dpi / 203;
    const bars = layout.elements.find((e): e is Code128Element => e.kind === 'code128')!;
    const band = { x: 0, y: Math.round((bars.y - 10) * k), w: png.width, h: Math.round((bars.h + 20) * k) };
    expect(decodeBarcode(png, BarcodeFormat.CODE_128, band)).toBe(facts.trackingNumber);
    const m = layout.elements.find((e): e is MatrixElement => e.kind === 'matrix')!;
    const region = { x: Math.round((m.x - 20) * k), y: Math.round((m.y - 20) * k), w: Math.round(280 * k), h: Math.round(280 * k) };
    expect(decodeBarcode(png, format, region)).toBe(facts.routingCode);
  });

  it('gives the same pixels as a new canvas per label under Skia\'s own encoder, whatever was rendered before', () => {
    // Sizes and carriers interleaved, so a label painted over a previous one (the reused canvas) shows.
    const cases: Array<[keyof typeof SERVICES, keyof typeof LABEL_SIZES, number]> = [
      ['generic', '4x6', 203], ['globex', '4x6', 203], ['swiftpost', '8x4', 203], ['parcelink', '4x6', 300], ['generic', '4x6', 203],
      ['globex', 'A6', 203], ['swiftpost', '4x6', 203],
    ];
    for (const [service, size, dpi] of cases) {
      const [facts] = sampleFacts(SERVICES[service], 1, service === 'globex' ? 'US' : 'GB');
      const layout = layoutLabel(facts, LABEL_SIZES[size]);
      const png = readPng(pngLabel(layout, dpi));
      const reference = referencePixels(layout, dpi);
      expect([png.width, png.height]).toEqual([pixelSize(layout.size, dpi).width, pixelSize(layout.size, dpi).height]);
      // The PNG is greyscale: pngjs expands it to RGBA with R = G = B = the grey the label was painted in.
      let differing = 0;
      for (let i = 0; i < png.data.length; i += 4) if (png.data[i + 1] !== reference[i + 1] || png.data[i] !== png.data[i + 1]) differing++;
      expect({ service, size, dpi, differing }).toEqual({ service, size, dpi, differing: 0 });
      // Not a blank label: text and bars are there.
      expect(png.data.filter((v, i) => i % 4 === 1 && v < 128).length).toBeGreaterThan(10_000);
    }
  });
});
