import { SchemaId } from './schemas';
import { validate } from './validation';

const consignment = (pkg: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  order_number: 'ORD-1', create_date: '2024-05-01T10:00:00Z',
  recipient: { name: 'Ada', address: { address1: '1 Main St', city: 'London', postcode: 'N1 9GU', country: 'GB' } },
  packages: [pkg], ...extra,
});
const item = (fields: Record<string, unknown>) => consignment({ items: [{ name: 'Book', quantity: 1, ...fields }] });

describe('numbers as Django REST framework reads them (docs/api/consignments.md)', () => {
  it('takes decimal strings in every number field and leaves JSON numbers in the body', () => {
    const body = consignment(
      { weight: '1.500', length: '30', width: ' 20 ', height: '1e1', items: [{ name: 'Book', quantity: '2', value: '19.99', weight: '0' }] },
      { order_value: '19.99' },
    );
    expect(validate(SchemaId.ConsignmentInput, body)).toEqual({ ok: true });
    expect(JSON.stringify(body)).toContain('"packages":[{"weight":1.5,"length":30,"width":20,"height":10,"items":[{"name":"Book","quantity":2,"value":19.99,"weight":0}]}],"order_value":19.99');
  });

  it('takes 2, 2.0 and "2" in an integer field and refuses 2.5 and "2.5" the same way', () => {
    for (const quantity of [2, 2.0, '2', '2.0', '+2']) {
      const body = item({ quantity });
      expect(validate(SchemaId.ConsignmentInput, body)).toEqual({ ok: true });
      expect((body.packages[0] as any).items[0].quantity).toBe(2);
    }
    for (const quantity of [2.5, '2.5', 'two', true, [], {}, '']) {
      expect(validate(SchemaId.ConsignmentInput, item({ quantity }))).toEqual({ ok: false, errors: { 'packages.0.items.0.quantity': ['A valid integer is required.'] } });
    }
  });

  it('refuses anything else in a number field with DRF\'s message at the field path', () => {
    for (const value of ['nineteen', '19,99', true, false, [19.99], { amount: 1 }, '1e999', 'NaN', 'Infinity', '0x10']) {
      expect(validate(SchemaId.ConsignmentInput, item({ value }))).toEqual({ ok: false, errors: { 'packages.0.items.0.value': ['A valid number is required.'] } });
    }
    expect(validate(SchemaId.ConsignmentInput, item({ value: '9'.repeat(1001) }))).toEqual({ ok: false, errors: { 'packages.0.items.0.value': ['String value too large.'] } });
  });

  it('reads "" in an optional number field as absent, and still applies bounds to the number a string holds', () => {
    const body = item({ value: '', weight: '  ' });
    expect(validate(SchemaId.ConsignmentInput, body)).toEqual({ ok: true });
    expect((body.packages[0] as any).items[0]).toMatchObject({ value: null, weight: null });
    expect(validate(SchemaId.ConsignmentInput, item({ value: '-1' }))).toEqual({ ok: false, errors: { 'packages.0.items.0.value': ['Ensure this value is greater than or equal to 0.'] } });
  });

  it('applies to every request body, and to no response or event schema', () => {
    const checkout = { recipient: { address: { country: 'GB', latitude: '51.5' } }, order_value: '25.00', packages: [{ weight: '2', items: [{ quantity: '3' }] }] };
    expect(validate(SchemaId.DeliveryOptionsRequest, checkout)).toEqual({ ok: true });
    expect(checkout).toMatchObject({ order_value: 25, recipient: { address: { latitude: 51.5 } }, packages: [{ weight: 2, items: [{ quantity: 3 }] }] });
    const rule = { name: 'R', service_id: 'X|Y', delivery_type: 'standard', price: { amount: '1' }, conditions: { max_packages: '3', max_package_dimensions_cm: ['120', 60, '60.5'] } };
    expect(validate(SchemaId.DeliveryRuleInput, rule)).toEqual({ ok: true });
    expect(rule.conditions).toEqual({ max_packages: 3, max_package_dimensions_cm: [120, 60, 60.5] });
    expect(validate(SchemaId.WebhookResent, { resent: '3' })).toEqual({ ok: false, errors: { resent: ['A valid integer is required.'] } });
  });

  it('keeps option values as the strings they are', () => {
    const body: Record<string, unknown> = consignment({}, { options: { signed: 'yes', weight_band: '2.50' } });
    expect(validate(SchemaId.ConsignmentInput, body)).toEqual({ ok: true });
    expect(body.options).toEqual({ signed: 'yes', weight_band: '2.50' });
  });
});
