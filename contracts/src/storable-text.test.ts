import { SchemaId } from './schemas';
import { validate } from './validation';
import { unstorableTextErrors } from './storable-text';

const body = (orderNumber: string, options: Record<string, string> = {}) => ({
  order_number: orderNumber, create_date: '2024-05-01T10:00:00Z', options,
  recipient: { name: 'Ada', address: { address1: '1 Main St', city: 'London', postcode: 'N1 9GU', country: 'GB' } },
});

describe('text Postgres cannot store', () => {
  it('are refused wherever a string or a key holds one, naming each path in document order', () => {
    expect(unstorableTextErrors({ a: ['x', 'y\u0000'], b: { 'k\u0000': 1 }, c: 'ok' })).toEqual({
      'a.1': ['Null characters are not allowed.'], 'b.k\u0000': ['Null characters are not allowed.'],
    });
    expect(Object.keys(unstorableTextErrors({ z: '\u0000', a: '\u0000' }))).toEqual(['z', 'a']);
    expect(unstorableTextErrors('\u0000')).toEqual({ non_field_errors: ['Null characters are not allowed.'] });
    expect(unstorableTextErrors({ a: [1, null, 'fine', { b: true }] })).toEqual({});
  });

  it('includes unpaired surrogates (jsonb refuses their escapes), but not pairs', () => {
    expect(unstorableTextErrors({ a: '\ud800', b: 'x\udfff', c: '\ud83d\ude00', 'k\udc00': 1 })).toEqual({
      a: ['Unpaired surrogate characters are not allowed.'], b: ['Unpaired surrogate characters are not allowed.'],
      'k\udc00': ['Unpaired surrogate characters are not allowed.'],
    });
  });

  it('make an otherwise valid body invalid, beside the schema errors', () => {
    expect(validate(SchemaId.ConsignmentInput, body('ORD-1'))).toEqual({ ok: true });
    expect(validate(SchemaId.ConsignmentInput, body('ORD\u00001', { signature_required: 'tr\u0000ue' }))).toEqual({
      ok: false, errors: { order_number: ['Null characters are not allowed.'], 'options.signature_required': ['Null characters are not allowed.'] },
    });
    const both = validate(SchemaId.ConsignmentInput, { ...body('ORD\u00001'), recipient: null });
    expect(both.ok ? {} : both.errors).toMatchObject({ order_number: ['Null characters are not allowed.'], recipient: [expect.any(String)] });
    // Not the schema's message, which would quote the value back.
    expect(validate(SchemaId.DeliverySettings, { allocation_preference: '\ud800' })).toEqual({
      ok: false, errors: { allocation_preference: ['Unpaired surrogate characters are not allowed.'] },
    });
  });
});
