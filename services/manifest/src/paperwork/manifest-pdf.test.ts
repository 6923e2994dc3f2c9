import { readPdf } from '@waybill/testing';
import { renderManifestPdf } from './manifest-pdf';
import { sampleConsignments, sampleManifest } from './manifest-sample';
import { identifierLines, paginate } from './manifest-layout';

describe('manifest PDF', () => {
  it('lists every consignment on A4 pages under a repeated header, with totals', async () => {
    const rows = sampleConsignments(130);
    const data = sampleManifest(rows);
    const { pdf, pages } = await renderManifestPdf(data);
    const read = await readPdf(pdf);

    expect(read.pages).toHaveLength(pages);
    expect(pages).toBeGreaterThan(2);
    for (const [n, page] of read.pages.entries()) {
      expect(page.width).toBeCloseTo(595.28, 1);
      expect(page.height).toBeCloseTo(841.89, 1);
      // The header and column headings repeat on every page.
      for (const text of ['Carrier manifest', 'Generic Carrier (generic)', data.manifestId, 'GENM004211987301', 'Demo Co', '1 Warehouse Way', 'E14 5AB', 'Collection date', '2026-03-02', 'Consignment no.', 'Tracking numbers', `Page ${n + 1} of ${pages}`]) {
        expect(page.text).toContain(text);
      }
    }
    const all = read.pages.map((p) => p.text).join(' ');
    for (const c of rows) {
      for (const text of [c.identifier, c.consignment_number, ...c.tracking_numbers]) expect(all).toContain(text);
    }
    const weighed = rows.filter((c) => c.weight_kg !== null);
    const totalGrams = weighed.reduce((s, c) => s + Math.round(c.weight_kg! * 1000), 0);
    const last = read.pages.at(-1)!.text;
    expect(last).toContain('Consignments: 130');
    expect(last).toContain(`Packages: ${rows.reduce((s, c) => s + c.package_count, 0)}`);
    expect(last).toContain(`Total weight: ${(totalGrams / 1000).toFixed(3)} kg`);
    expect(last).toContain(`No weight declared for ${rows.length - weighed.length} consignment(s)`);
    expect(last).toContain('Driver signature');
  });

  it('keeps rows whole and in order across pages, and gives the closing block room', () => {
    const lines = Array.from({ length: 200 }, (_, i) => 1 + (i % 4));
    const pages = paginate(lines);
    expect(pages.flat()).toEqual(lines.map((_, i) => i));
    expect(pages.every((p, i) => p.length > 0 || i === pages.length - 1)).toBe(true);
  });

  it("fits a client's own 64-character identifier in its column, on as many lines as it takes", async () => {
    const rows = sampleConsignments(2);
    const own = `AWB-${'W'.repeat(30)}_${'7'.repeat(29)}`;
    rows[0].identifier = own;
    const page = (await readPdf((await renderManifestPdf(sampleManifest(rows))).pdf)).pages[0].text.replace(/\s+/g, '');
    expect(own).toHaveLength(64);
    expect(page).toContain(own);
    expect(page).toContain(rows[1].identifier);
    const widthOf = (t: string) => t.length * 7.5 * 0.944;
    const lines = identifierLines(own, widthOf);
    expect(lines.join('')).toBe(own);
    expect(lines.every((l) => widthOf(l) <= 136)).toBe(true);
  });

  it('prints texts holding the delimiters of PDF strings as they are', async () => {
    const [odd] = sampleConsignments(1);
    odd.consignment_number = 'CN(7)\\B';
    odd.recipient = { postcode: 'Cedex (9)', country: 'FR' };
    const text = (await readPdf((await renderManifestPdf(sampleManifest([odd]))).pdf)).pages[0].text;
    expect(text).toContain('CN(7)\\B');
    expect(text).toContain('Cedex (9)');
  });

  it('lists at most 30 tracking-number lines for a consignment with very many packages', async () => {
    const [big] = sampleConsignments(1);
    big.tracking_numbers = Array.from({ length: 45 }, (_, i) => `GC${String(i).padStart(12, '0')}`);
    big.package_count = 45;
    const read = await readPdf((await renderManifestPdf(sampleManifest([big]))).pdf);
    const text = read.pages.map((p) => p.text).join(' ');
    expect(text).toContain('GC000000000028');
    expect(text).not.toContain('GC000000000029');
    expect(text).toContain('+ 16 more');
  });
});
