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

/** Creates one consignment through the public API and reads it back, as the documents tests start. */
export async function createConsignment(api: { post: (p: string, b: unknown) => Promise<{ body: any }>; get: (p: string) => Promise<{ body: any }> }, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await api.post('/consignments', [body]);
  if (Object.keys(res.body.errors ?? {}).length > 0) throw new Error(`consignment refused: ${JSON.stringify(res.body.errors)}`);
  return (await api.get(`/consignment/${res.body.success[0]}`)).body;
}
