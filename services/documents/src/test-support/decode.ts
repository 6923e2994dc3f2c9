import { PNG } from 'pngjs';
import { inflateSync, unzipSync } from 'fflate';
import {
  BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource,
} from '@zxing/library';

/** What a person (or a scanner) gets back from rendered documents: decoded, never compared byte-wise. */
export function readPng(buf: Buffer): PNG {
  return PNG.sync.read(buf);
}

/** Decodes the barcode of `format` in a region of a PNG with ZXing, as a handheld scanner would. */
export function decodeBarcode(png: PNG, format: BarcodeFormat, region?: { x: number; y: number; w: number; h: number }): string {
  const r = region ?? { x: 0, y: 0, w: png.width, h: png.height };
  const lum = new Uint8ClampedArray(r.w * r.h);
  for (let y = 0; y < r.h; y++) {
    for (let x = 0; x < r.w; x++) {
      const i = ((r.y + y) * png.width + r.x + x) * 4;
      lum[y * r.w + x] = (png.data[i] * 299 + png.data[i + 1] * 587 + png.data[i + 2] * 114) / 1000;
    }
  }
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [format]]]);
  return reader.decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(lum, r.w, r.h))), hints).getText();
}

export function zipEntries(buf: Buffer): Record<string, Uint8Array> {
  return unzipSync(new Uint8Array(buf));
}

export function inflate(bytes: Uint8Array): Uint8Array {
  return inflateSync(bytes.subarray(2, bytes.length - 4));
}

/** Opens a PDF with a real parser (pdf.js via pdf-parse): page sizes in points and each page's text. */
export async function readPdf(buf: Buffer): Promise<{ pages: Array<{ width: number; height: number; text: string }> }> {
  const { PDFParse } = require('pdf-parse') as typeof import('pdf-parse');
  const parser = new PDFParse({ data: new Uint8Array(buf) });
  try {
    const info = await parser.getInfo({ parsePageInfo: true });
    const text = await parser.getText();
    const sizes = (info as unknown as { pages: Array<{ width: number; height: number }> }).pages;
    return { pages: text.pages.map((p, i) => ({ width: sizes[i].width, height: sizes[i].height, text: p.text })) };
  } finally {
    await parser.destroy();
  }
}
