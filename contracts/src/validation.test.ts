import type { ConsignmentInput } from './generated/api';
import { SchemaId } from './schemas';
import { firstErrorDetail, validate, type ValidationResult } from './validation';

const sparse = (): Record<string, unknown> => ({
  order_number: 'ORD-1',
  create_date: '2024-05-01T10:00:00Z',
  recipient: { name: 'Ada Lovelace', address: { address1: '1 Main St', city: 'London', postcode: 'N1 9GU', country: 'GB' } },
});

const full = (): ConsignmentInput => ({
  order_number: 'ORD-2', create_date: '2024-05-01T10:00:00.123+01:00', expected_delivery_date: '2024-05-03',
  carrier: 'generic', service_id: 'Generic Carrier|Generic Domestic Service GDOM', warehouse_id: 'demo-co|Main',
  shipping_method: 'standard', shipping_date: '2024-05-02', order_value: 59.9, currency: 'GBP',
  delivery_instructions: 'Leave with neighbour', custom_field_1: 'a', custom_field_2: 'b', origin_order_reference: 'shop-77',
  recipient: {
    name: 'Ada Lovelace', first_name: 'Ada', last_name: 'Lovelace', company_name: 'Engines Ltd',
    email_address: 'ada@example.com', contact_number: '+44 20 0000 0000', tax_identifier: 'GB123', eori_number: 'GB123000',
    address: { address1: '1 Main St', address2: 'Flat 2', address3: null, city: 'London', state: 'Greater London', postcode: 'N1 9GU', country: 'gb', store_code: null },
  },
  packages: [{
    description: 'Books', weight: 1.2, weight_unit: 'kg', length: 30, width: 20, height: 10, dimensions_unit: 'cm', reference: 'P1',
    items: [
      { name: 'Book', sku: 'B-1', quantity: 2, value: 12.5, harmonisation_code: '490199', country_of_origin: 'GB', weight: 0.5,
        vat_rate: '0', fabric_content: null, import_type: null, mid_code: null, reference: 'L1', taric_condition: null },
    ],
  }],
  export_customs: { reason_for_export: 'merchandise', shipping_cost: '4.95', ioss_number: 'IM1234567890' },
  options: { signature_required: 'true', age_check: 'false' },
  invoice: { incoterm: 'DAP' },
  custom_attributes: { override_sender_name: 'Shop', override_send_address2: 'Unit 4', shopify_order_id: '991' },
});

function errorsOf(result: ValidationResult): Record<string, string[]> {
  if (result.ok) throw new Error('expected the body to be refused');
  return result.errors;
}

const input = (body: unknown) => validate(SchemaId.ConsignmentInput, body);

describe('validate(ConsignmentInput)', () => {
  it('accepts a full consignment and a sparse one', () => {
    expect(input(full())).toEqual({ ok: true });
    expect(input(sparse())).toEqual({ ok: true });
  });

  it('reports a missing nested required field at its dotted path', () => {
    const body = sparse();
    delete (body.recipient as { address: Record<string, unknown> }).address.postcode;
    const errors = errorsOf(input(body));
    expect(errors).toEqual({ 'recipient.address.postcode': ['This field is required.'] });
    expect(firstErrorDetail(errors)).toBe('recipient.address.postcode: This field is required.');
  });

  it('reports a wrong type deep in packages with indices', () => {
    const body = full();
    body.packages![0].items!.push({ name: 'Pen', quantity: 'two' as unknown as number });
    expect(errorsOf(input(body))).toEqual({ 'packages.0.items.1.quantity': ['A valid integer is required.'] });
  });

  it('refuses an unknown top-level key at that key, but not inside options', () => {
    expect(errorsOf(input({ ...sparse(), colour: 'red' }))).toEqual({ colour: ['Unknown field.'] });
    expect(input({ ...sparse(), options: { anything_goes: 'yes', flag: true, level: 2 } })).toEqual({ ok: true });
  });

  it('accepts listed custom attributes and <partner>_order_id, refuses others', () => {
    const ok = { override_send_address2: 'Unit 4', shopify_order_id: '1', bigcommerce2_order_id: null };
    expect(input({ ...sparse(), custom_attributes: ok })).toEqual({ ok: true });
    expect(errorsOf(input({ ...sparse(), custom_attributes: { override_sender_nonsense: 'x' } })))
      .toEqual({ 'custom_attributes.override_sender_nonsense': ['Unknown field.'] });
  });

  it('accepts read-only fields of any shape sent back from a GET', () => {
    const body = {
      ...sparse(), identifier: '0123456789abcdef0123456789abcdef', service: 'Generic Domestic Service GDOM',
      current_status: { status: 'Allocated', short_form: 'ALLOCATED', rejection_reason: null },
      consignment_number: 'GEN123', tracking_url: 'https://track.example/GEN123',
      packages: [{ tracking_number: 'TN1', items: [] }, { tracking_number: null }, { tracking_number: 42 }],
    };
    expect(input(body)).toEqual({ ok: true });
  });

  it.each(['2024-05-01T10:00:00', '2024-05-01 10:00:00', '2024-05-01T10:00', '2024-05-01 10:00:00.5+0200'])(
    'accepts the date-time %s', (create_date) => {
      expect(input({ ...sparse(), create_date })).toEqual({ ok: true });
    },
  );

  it.each(['yesterday', '2024-02-30T10:00:00', '2024-05-01', '2024-05-01T25:00:00'])('refuses the date-time %s', (create_date) => {
    expect(errorsOf(input({ ...sparse(), create_date }))).toEqual({ create_date: ['Datetime has wrong format. Use ISO 8601.'] });
  });

  it('accepts null for every optional field', () => {
    const nulls = Object.fromEntries([
      'expected_delivery_date', 'carrier', 'service_id', 'warehouse_id', 'shipping_method', 'shipping_date', 'order_value',
      'currency', 'delivery_instructions', 'custom_field_1', 'custom_field_2', 'custom_field_3', 'custom_field_4',
      'custom_field_5', 'origin_order_reference', 'packages', 'export_customs', 'options', 'invoice', 'custom_attributes',
    ].map((key) => [key, null]));
    expect(input({ ...sparse(), ...nulls })).toEqual({ ok: true });
  });

  it('says null is not allowed where a value is required', () => {
    expect(errorsOf(input({ ...sparse(), order_number: null }))).toEqual({ order_number: ['This field may not be null.'] });
  });

  it('words enum, date, number, pattern and blank errors DRF-style, one message per path', () => {
    const body = full();
    body.packages![0].weight_unit = 'lb' as 'kg';
    body.shipping_date = '02/05/2024';
    body.order_value = 'lots' as unknown as number;
    body.recipient.address.country = 'Great Britannia';
    body.recipient.address.city = '';
    expect(errorsOf(input(body))).toEqual({
      'packages.0.weight_unit': ['"lb" is not a valid choice.'],
      shipping_date: ['Date has wrong format. Use YYYY-MM-DD.'],
      order_value: ['A valid number is required.'],
      'recipient.address.country': ['Enter a valid country.'],
      'recipient.address.city': ['This field may not be blank.'],
    });
  });

  it('reports a non-object nullable sub-object without anyOf noise', () => {
    expect(errorsOf(input({ ...sparse(), invoice: 'DAP' }))).toEqual({ invoice: ['Invalid data. Expected a dictionary, but got str.'] });
    expect(errorsOf(input({ ...sparse(), export_customs: { reason_for_export: 'bribe' } })))
      .toEqual({ 'export_customs.reason_for_export': ['"bribe" is not a valid choice.'] });
  });

  it('reports a body that is not an object under non_field_errors', () => {
    expect(errorsOf(input([]))).toEqual({ non_field_errors: ['Invalid data. Expected a dictionary, but got list.'] });
  });

  it('throws for an unknown schema id', () => {
    expect(() => validate('https://waybill.dev/schemas/api/nope.json', {})).toThrow(/Unknown schema id/);
  });
});
