import { blankPaths, normaliseBlanks, stripReadOnly, toUtcIso } from './input.normalise';

describe('input normalisation', () => {
  it('treats empty strings as absent, everywhere but keeps other values', () => {
    expect(normaliseBlanks({ a: '', b: 'x', c: [{ d: '' }], e: 0 })).toEqual({ a: null, b: 'x', c: [{ d: null }], e: 0 });
  });

  it('drops empty options instead of keeping them as null', () => {
    expect(normaliseBlanks({ options: { signature_required: 'true', age_check: '' } })).toEqual({ options: { signature_required: 'true' } });
  });

  it('remembers which paths were blank, to say "blank" rather than "null"', () => {
    expect([...blankPaths({ recipient: { name: '', address: { city: '' } }, packages: [{ description: '' }] })].sort())
      .toEqual(['packages.0.description', 'recipient.address.city', 'recipient.name']);
  });

  it('ignores read-only fields sent back from a GET', () => {
    const body = stripReadOnly({ identifier: 'x', current_status: {}, service: 's', consignment_number: 'n', tracking_url: 'u', order_number: 'o', packages: [{ tracking_number: 't', weight: 1 }] });
    expect(body).toEqual({ order_number: 'o', packages: [{ weight: 1 }] });
  });

  it('reads a date-time without zone as UTC', () => {
    expect(toUtcIso('2026-03-29 00:30:00')).toBe('2026-03-29T00:30:00.000Z');
    expect(toUtcIso('2026-03-29T02:30:00+02:00')).toBe('2026-03-29T00:30:00.000Z');
  });
});
