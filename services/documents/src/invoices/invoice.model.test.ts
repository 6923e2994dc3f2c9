import { HttpError } from '@waybill/http';
import { SERVICES, sampleConsignment, sampleSender } from '../test-support/sample-consignment';
import { readPdf } from '../test-support/decode';
import { finishPdf, newPdf } from '../render/pdf.document';
import { buildInvoice } from './invoice.model';
import { drawInvoice } from './invoice.pdf';
import { decimalToMinor, formatMinor, toMinor } from './money';

const consignment = (packages = 2) => sampleConsignment(SERVICES.globex, packages, 'US');

function conflict(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(409);
    return (err as HttpError).detail;
  }
  throw new Error('expected a 409');
}

describe('customs invoice', () => {
  it('refuses an item without HS code or origin with a 409 naming the field', () => {
    const c = consignment();
    c.packages[0].items![1].harmonisation_code = '';
    expect(conflict(() => buildInvoice(c, sampleSender(c), 'Globex Worldwide'))).toBe('packages.0.items.1.harmonisation_code: required for customs on this route');
    const d = consignment();
    d.packages[1].items![0].country_of_origin = null;
    expect(conflict(() => buildInvoice(d, sampleSender(d), 'Globex Worldwide'))).toBe('packages.1.items.0.country_of_origin: required for customs on this route');
    const e = { ...consignment(), packages: [{ weight: 1 }] };
    expect(conflict(() => buildInvoice(e, sampleSender(e), 'Globex Worldwide'))).toMatch(/^packages\.0\.items: /);
  });

  it('lists identical goods once, totals in minor units, and adds the shipping cost', () => {
    const c = consignment(3);
    const inv = buildInvoice(c, sampleSender(c), 'Globex Worldwide');
    expect(inv.lines).toEqual([
      expect.objectContaining({ description: 'Notes on the Analytical Engine', hsCode: '490199', origin: 'GB', quantity: 6, unitMinor: 1250, totalMinor: 7500 }),
      expect.objectContaining({ description: 'Brass gear set', hsCode: '848340', origin: 'DE', quantity: 3, unitMinor: 3999, totalMinor: 11997 }),
    ]);
    expect([inv.goodsMinor, inv.shippingMinor, inv.totalMinor, inv.totalQuantity]).toEqual([19497, 1495, 20992, 9]);
    expect(inv).toMatchObject({ currency: 'GBP', incoterm: 'DAP', reason: 'merchandise' });
  });

  it('shows the sender after overrides with its EORI, and the recipient with EORI and tax id', () => {
    const c = { ...consignment(), custom_attributes: { override_sender_eori: 'XI000111222333', override_send_address2: 'Unit 7', override_sender_name: 'Acme Returns' } };
    const inv = buildInvoice(c, sampleSender(c), 'Globex Worldwide');
    expect(inv.sender.lines[0]).toBe('Acme Returns');
    expect(inv.sender.lines[1]).toBe('1 Warehouse Way, Unit 7');
    expect(inv.sender.ids).toContain('EORI: XI000111222333');
    expect(inv.recipient.ids).toEqual(expect.arrayContaining(['EORI: GB987654321000', 'Tax ID: US-TAX-123']));
  });

  it('prints every fact on A4 (or 6x4) pages, each copy in full', async () => {
    const c = { ...consignment(), export_customs: { reason_for_export: 'gift' as const, shipping_cost: '9.50', ioss_number: 'IM2760000742' } };
    const inv = buildInvoice(c, sampleSender(c), 'Globex Worldwide');
    for (const [size, w, h] of [['A4', 595.28, 841.89], ['6x4', 288, 432]] as const) {
      const doc = newPdf(new Date(c.create_date), 'invoice');
      drawInvoice(doc, inv, size, 2);
      const pdf = await readPdf(await finishPdf(doc));
      expect(pdf.pages).toHaveLength(2);
      expect(pdf.pages[0].width).toBeCloseTo(w, 1);
      expect(pdf.pages[0].height).toBeCloseTo(h, 1);
      const text = pdf.pages[1].text;
      for (const fact of ['COMMERCIAL INVOICE', 'Demo Co Fulfilment', 'EORI: GB123456789000', 'Ada Lovelace', 'EORI: GB987654321000', 'Tax ID: US-TAX-123',
        '490199', '848340', 'GB', 'DE', '12.50', '50.00', 'Incoterm: DAP', 'Reason for export: gift', 'IOSS: IM2760000742', '9.50', '139.48', 'GBP', 'copy 2']) {
        expect(text).toContain(fact);
      }
    }
  });

  it('runs onto more pages when the goods do not fit one', async () => {
    const c = consignment(1);
    c.packages[0].items = Array.from({ length: 120 }, (_, i) => ({ name: `Part ${i}`, quantity: 1, value: 1, harmonisation_code: '847330', country_of_origin: 'CN' }));
    const doc = newPdf(new Date(c.create_date), 'invoice');
    drawInvoice(doc, buildInvoice(c, sampleSender(c), 'Globex Worldwide'), 'A4', 1);
    const pdf = await readPdf(await finishPdf(doc));
    expect(pdf.pages.length).toBeGreaterThan(2);
    const all = pdf.pages.map((p) => p.text).join('\n');
    expect(all).toContain('Part 0');
    expect(all).toContain('Part 119');
    expect(pdf.pages[pdf.pages.length - 1].text).toContain('TOTAL INVOICE VALUE (GBP)');
  });

  it('does money in integer minor units', () => {
    expect(toMinor(0.1 + 0.2)).toBe(30);
    expect(decimalToMinor('14.955')).toBe(1496);
    expect(decimalToMinor('abc')).toBe(0);
    expect(formatMinor(123456)).toBe('1234.56');
    expect(formatMinor(5)).toBe('0.05');
  });
});
