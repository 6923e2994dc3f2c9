import { countryCode } from './countries';
import { SchemaId } from './schemas';
import { validate } from './validation';

const consignment = (country: unknown, origin: unknown = null) => ({
  order_number: 'A-1', create_date: '2026-11-26T09:00:00Z',
  recipient: { name: 'Ada', address: { address1: '1 Main St', city: 'Dublin', postcode: 'D02 X285', country } },
  packages: [{ weight: 1, items: [{ name: 'Tea', quantity: 1, country_of_origin: origin }] }],
});

describe('countries as shops send them: alpha-2, alpha-3 or English short name, kept as alpha-2', () => {
  it.each([
    ['IE', 'IE'], ['ie', 'IE'], ['IRL', 'IE'], ['irl', 'IE'], ['Ireland', 'IE'], ['  IRELAND ', 'IE'],
    ['GB', 'GB'], ['GBR', 'GB'], ['United Kingdom', 'GB'], ['united kingdom', 'GB'], ['UK', 'GB'], ['uk', 'GB'],
    ['Germany', 'DE'], ['DEU', 'DE'], ['United States of America', 'US'], ['USA', 'US'], ['France', 'FR'],
  ])('%j is %s', (given, code) => {
    expect(countryCode(given)).toBe(code);
  });

  it.each(['', 'Great Britannia', 'EU', 'XX', 'ZZZ', 'Englande', '12'])('%j is no country', (given) => {
    expect(countryCode(given)).toBeUndefined();
  });

  it('replaces the recipient country and the origin of goods by the alpha-2 code while validating a request', () => {
    const body = consignment('Ireland', 'People\'s Republic of China');
    expect(validate(SchemaId.ConsignmentInput, body)).toEqual({ ok: true });
    expect(body.recipient.address.country).toBe('IE');
    expect(body.packages[0].items[0].country_of_origin).toBe('CN');
  });

  it('refuses anything else with "Enter a valid country." at the field, and a too-long value by its bound', () => {
    expect(validate(SchemaId.ConsignmentInput, consignment('Atlantis', 'Mars'))).toEqual({
      ok: false,
      errors: {
        'recipient.address.country': ['Enter a valid country.'],
        'packages.0.items.0.country_of_origin': ['Enter a valid country.'],
      },
    });
    expect(validate(SchemaId.ConsignmentInput, consignment('x'.repeat(65)))).toEqual({
      ok: false, errors: { 'recipient.address.country': ['Ensure this field has no more than 64 characters.'] },
    });
    expect(validate(SchemaId.ConsignmentInput, consignment(44))).toEqual({ ok: false, errors: { 'recipient.address.country': ['Not a valid string.'] } });
  });

  it('reads the delivery-options request the same way', () => {
    const body = { recipient: { address: { country: 'IRL' } }, packages: [{ items: [{ country_of_origin: 'united kingdom' }] }] };
    expect(validate(SchemaId.DeliveryOptionsRequest, body)).toEqual({ ok: true });
    expect(body).toEqual({ recipient: { address: { country: 'IE' } }, packages: [{ items: [{ country_of_origin: 'GB' }] }] });
    expect(validate(SchemaId.DeliveryOptionsRequest, { recipient: { address: { country: 'Narnia' } } }))
      .toEqual({ ok: false, errors: { 'recipient.address.country': ['Enter a valid country.'] } });
  });
});
