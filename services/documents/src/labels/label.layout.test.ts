import { layoutLabel } from './label.layout';
import { LABEL_SIZES, pixelSize, type LabelLayout, type TextElement } from './layout.model';
import { textWidth } from './text-metrics';
import { SERVICES, sampleFacts } from '../test-support/sample-consignment';

const texts = (l: LabelLayout) => l.elements.filter((e): e is TextElement => e.kind === 'text').map((e) => e.text);

describe('label layout', () => {
  it('states everything a carrier label must: sender after overrides, recipient, carrier, service, n of N, order, date, weight', () => {
    const [first, second] = sampleFacts(SERVICES.generic, 2);
    const all = texts(layoutLabel(first, LABEL_SIZES['4x6'])).join('\n');
    expect(all).toContain('Demo Co Fulfilment');
    expect(all).toContain('1 Warehouse Way');
    expect(all).toContain('Ada Lovelace');
    expect(all).toContain('221B Baker Street');
    expect(all).toContain('NW1 6XE');
    expect(all).toContain('GENERIC CARRIER');
    expect(all).toContain('Generic Domestic Service GDOM');
    expect(all).toContain('1 OF 2');
    expect(all).toContain('1.25 KG');
    expect(all).toContain('ORDER ORD-10042');
    expect(all).toContain('2026-03-03');
    expect(all).toContain(first.trackingNumber);
    expect(texts(layoutLabel(second, LABEL_SIZES['4x6'])).join('\n')).toContain('2 OF 2');
  });

  it('puts one Code 128 of the tracking number and one 2D routing code on every label', () => {
    for (const service of Object.values(SERVICES)) {
      const [facts] = sampleFacts(service, 1, service === SERVICES.globex ? 'US' : 'GB');
      const l = layoutLabel(facts, LABEL_SIZES['4x6']);
      const bars = l.elements.filter((e) => e.kind === 'code128');
      const matrices = l.elements.filter((e) => e.kind === 'matrix');
      expect(bars).toEqual([expect.objectContaining({ data: facts.trackingNumber })]);
      expect(matrices).toHaveLength(1);
      const routing = matrices[0].kind === 'matrix' ? matrices[0].data : '';
      expect(routing).toContain(facts.trackingNumber);
      expect(routing).toContain(facts.recipientCountry);
      expect(routing.replace(/\W/g, '')).toContain(facts.recipientPostcode.replace(/\W/g, ''));
    }
  });

  it('gives each carrier its own design: QR for Globex, DataMatrix and gap sensing for SwiftPost, marks where they have one', () => {
    const design = (s: string) => sampleFacts(s, 1)[0].design;
    expect(design(SERVICES.globex).symbology).toBe('qrcode');
    expect(design(SERVICES.swiftpost)).toMatchObject({ native: 'zpl', symbology: 'datamatrix', zplMediaTracking: 'Y' });
    expect(layoutLabel(sampleFacts(SERVICES.swiftpost, 1)[0], LABEL_SIZES['4x6']).zplMediaTracking).toBe('Y');
    expect(layoutLabel(sampleFacts(SERVICES.generic, 1)[0], LABEL_SIZES['4x6']).elements.some((e) => e.kind === 'bitmap')).toBe(false);
    expect(layoutLabel(sampleFacts(SERVICES.globex, 1)[0], LABEL_SIZES['4x6']).elements.some((e) => e.kind === 'bitmap')).toBe(true);
  });

  it.each(['4x6', '8x4', 'A6'] as const)('keeps every element inside a %s label and every text inside its box', (size) => {
    for (const service of Object.values(SERVICES)) {
      const l = layoutLabel(sampleFacts(service, 1)[0], LABEL_SIZES[size]);
      expect({ width: l.width, height: l.height }).toEqual(pixelSize(LABEL_SIZES[size], 203));
      for (const e of l.elements) {
        expect(e.x).toBeGreaterThanOrEqual(0);
        expect(e.y).toBeGreaterThanOrEqual(0);
        if (e.kind === 'text') {
          expect(e.x + e.width).toBeLessThanOrEqual(l.width);
          expect(textWidth(e.text, e.size, e.bold)).toBeLessThanOrEqual(e.width + 0.5);
          expect(e.y + e.size).toBeLessThanOrEqual(l.height);
        }
        if (e.kind === 'box') expect(e.x + e.w).toBeLessThanOrEqual(l.width + 2);
      }
    }
  });

  it('is 812×1218 dots for 4x6, landscape for 8x4, and A6 portrait', () => {
    expect(pixelSize(LABEL_SIZES['4x6'], 203)).toEqual({ width: 812, height: 1218 });
    expect(pixelSize(LABEL_SIZES['4x6'], 300)).toEqual({ width: 1200, height: 1800 });
    expect(pixelSize(LABEL_SIZES['8x4'], 203)).toEqual({ width: 1624, height: 812 });
    const a6 = pixelSize(LABEL_SIZES.A6, 300);
    expect(a6.height).toBeGreaterThan(a6.width);
  });

  it('shortens what does not fit instead of overflowing, and prints a package without weight as -', () => {
    const long = 'Wolfeschlegelsteinhausenbergerdorff Enterprises International Holdings Limited';
    const [facts] = sampleFacts(SERVICES.generic, 1, 'GB', {
      recipient: { name: long, address: { address1: 'x', city: 'London', postcode: 'NW1 6XE', country: 'GB' } },
      packages: [{ tracking_number: 'GC000000000001' }],
    });
    const l = layoutLabel(facts, LABEL_SIZES['4x6']);
    expect(texts(l).some((t) => t.startsWith('Wolfeschlegel') && t.endsWith('...'))).toBe(true);
    expect(texts(l)).toContain('-');
  });

  it('gives a consignment without packages one label numbered 1 of 1 with the consignment number', () => {
    const facts = sampleFacts(SERVICES.swiftpost, 0);
    expect(facts).toHaveLength(1);
    expect(facts[0]).toMatchObject({ packageNumber: 1, packageCount: 1, trackingNumber: 'SWN0000042' });
  });
});
