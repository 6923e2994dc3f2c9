import { PNG } from 'pngjs';
import { unzipSync } from 'fflate';

/** Opens what the documents endpoint returns, as an integrator's code would. */
export async function pdfPages(base64: string): Promise<Array<{ width: number; height: number; text: string }>> {
  const { PDFParse } = require('pdf-parse') as typeof import('pdf-parse');
  const parser = new PDFParse({ data: new Uint8Array(Buffer.from(base64, 'base64')) });
  try {
    const info = (await parser.getInfo({ parsePageInfo: true })) as unknown as { pages: Array<{ width: number; height: number }> };
    const text = await parser.getText();
    return text.pages.map((p, i) => ({ width: info.pages[i].width, height: info.pages[i].height, text: p.text }));
  } finally {
    await parser.destroy();
  }
}

export function pngSize(buf: Buffer): [number, number] {
  const png = PNG.sync.read(buf);
  return [png.width, png.height];
}

export function zipEntries(base64: string): Record<string, Uint8Array> {
  return unzipSync(new Uint8Array(Buffer.from(base64, 'base64')));
}
