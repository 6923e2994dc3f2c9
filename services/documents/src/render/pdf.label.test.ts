import { inflateSync } from 'node:zlib';
import { layoutLabel } from '../labels/label.layout';
import { LABEL_SIZES, type LabelSizeName } from '../labels/layout.model';
import { SERVICES, sampleFacts } from '../test-support/sample-consignment';
import { readPdf } from '../test-support/decode';
import { finishPdf, newPdf } from './pdf.document';
import { drawLabelPage } from './pdf.label';

async function labelsPdf(service: string, size: LabelSizeName = '4x6', packages = 2): Promise<Buffer> {
  const doc = newPdf(new Date('2026-03-02T09:15:00Z'), 'labels');
  for (const f of sampleFacts(service, packages, 'US')) drawLabelPage(doc, layoutLabel(f, LABEL_SIZES[size]));
  return finishPdf(doc);
}

describe('PDF label writer', () => {
  it('puts one label per page at 4x6 inch (288×432 pt) with real, extractable text', async () => {
    const facts = sampleFacts(SERVICES.globex, 2, 'US');
    const pdf = await readPdf(await labelsPdf(SERVICES.globex));
    expect(pdf.pages).toHaveLength(2);
    for (const [i, page] of pdf.pages.entries()) {
      expect([page.width, page.height]).toEqual([288, 432]);
      expect(page.text).toContain(facts[i].trackingNumber);
      expect(page.text).toContain('Ada Lovelace');
      expect(page.text).toContain('GLOBEX WORLDWIDE');
      expect(page.text).toContain(`${i + 1} OF 2`);
    }
  });

  it.each([['8x4', 576, 288], ['A6', 297.64, 419.53]] as const)('makes %s pages of the right size', async (size, w, h) => {
    const [page] = (await readPdf(await labelsPdf(SERVICES.generic, size, 1))).pages;
    expect(page.width).toBeCloseTo(w, 1);
    expect(page.height).toBeCloseTo(h, 1);
  });

  it('draws barcodes as vector rectangles, embedding no image', async () => {
    const buf = await labelsPdf(SERVICES.swiftpost, '4x6', 1);
    expect(buf.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
    const streams = [...buf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)]
      .map((m) => { try { return inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1'); } catch { return ''; } });
    const content = streams.find((s) => s.includes(' re'))!;
    expect(content.match(/ re\n/g)!.length).toBeGreaterThan(100);
  });

  it('is reproducible: the same consignment gives the same bytes', async () => {
    expect((await labelsPdf(SERVICES.generic)).equals(await labelsPdf(SERVICES.generic))).toBe(true);
  });
});
