import { ADDRESS_MATRIX, runMatrix } from './address-matrix';
import { dhlFixture } from './dhl-express/dhl.fixture';
import { royalMailFixture } from './royalmail/royalmail.fixture';
import { upsFixture } from './ups/ups.fixture';

/**
 * The address matrix, per carrier, through the real adapter against its double: every real address
 * books, and the double (as strict as the carrier's published description) saw no violation. The
 * consignment's address is the client's; what each carrier received is checked case by case.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const ALL_BOOKED = Object.fromEntries(ADDRESS_MATRIX.map((c) => [c.label, 'booked']));

describe('address matrix: UPS', () => {
  let f: Awaited<ReturnType<typeof upsFixture>>;
  beforeAll(async () => { f = await upsFixture(); });
  afterAll(() => f.stop());

  it('books every address with 0 violations, sending codes, wrapped lines and Latin-1 text', async () => {
    const service = (country: string) => (['US', 'CA'].includes(country) ? 'UPS Express Saver' : 'UPS Standard');
    const { outcomes, requests } = await runMatrix(f.carrier(), service, () => f.double.lastBodies.get('ship'));
    expect(outcomes).toEqual(ALL_BOOKED);
    expect(f.double.violations).toEqual([]);
    const to = (label: string) => (requests[label] as Json).ShipmentRequest.Shipment.ShipTo;
    expect(to('GB with county').Address).toEqual({ AddressLine: ['Flat B', '221 Baker Street'], City: 'London', PostalCode: 'NW1 6XE', CountryCode: 'GB' });
    expect(to('IE with county and Eircode').Address).toMatchObject({ StateProvinceCode: 'D', PostalCode: 'D02 X285' });
    expect(to('US with a state name').Address).toMatchObject({ StateProvinceCode: 'CA', PostalCode: '94043' });
    expect(to('US with a state name').Phone).toEqual({ Number: '6502530000' });
    expect(to('CA with a province name').Address).toMatchObject({ StateProvinceCode: 'ON', PostalCode: 'M5V3L9' });
    expect(to('DE').Address.StateProvinceCode).toBeUndefined();
    expect(to('FR with CEDEX').Address).toMatchObject({ AddressLine: ['10 rue du Colonel Pierre Avia', 'CS 70123'], City: 'Paris CEDEX 15' });
    expect(to('60-character address line').Address.AddressLine).toEqual(['Unit 14, The Old Granary Business', 'Centre, 147 Riverside Road', 'Salford Quays']);
    expect(to('Łódź (PL)')).toMatchObject({ Name: 'Zofia Zolkiewska', Address: { City: 'Lodz', PostalCode: '90-926' }, Phone: { Number: '48421234567' } });
    expect(to('Ærø (DK)')).toMatchObject({ Name: 'Søren Ærø', Address: { City: 'Ærøskøbing' } });
  });
});

describe('address matrix: Royal Mail Click & Drop', () => {
  let f: Awaited<ReturnType<typeof royalMailFixture>>;
  beforeAll(async () => { f = await royalMailFixture(); });
  afterAll(() => f.stop());

  it('books every address with 0 violations, the county kept as the client wrote it', async () => {
    const service = (country: string) => (country === 'GB' ? 'Royal Mail Tracked 24' : 'Royal Mail International Tracked');
    const { outcomes, requests } = await runMatrix(f.carrier(), service, () => f.double.lastBodies.get('ship'));
    expect(outcomes).toEqual(ALL_BOOKED);
    expect(f.double.violations).toEqual([]);
    const to = (label: string) => (requests[label] as Json).items[0].recipient;
    expect(to('GB with county').address).toMatchObject({ county: 'Greater London', postcode: 'NW1 6XE' });
    expect(to('IE with county and Eircode').address).toMatchObject({ county: 'Co. Dublin', postcode: 'D02 X285' });
    expect(to('US with a state name')).toMatchObject({ address: { county: 'California' }, phoneNumber: '+16502530000' });
    expect(to('60-character address line').address).toMatchObject({ addressLine1: 'Unit 14, The Old Granary Business Centre, 147 Riverside Road', addressLine2: 'Salford Quays' });
    expect(to('Łódź (PL)').address).toMatchObject({ fullName: 'Zofia Żółkiewska', city: 'Łódź' });
    expect((requests['FR with CEDEX'] as Json).items[0]).toMatchObject({ isRecipientABusiness: true, packages: [{ contents: [{ customsDeclarationCategory: 'commercialSaleOfGoods' }] }] });
    expect((requests['DE'] as Json).items[0].packages[0].contents[0].customsDeclarationCategory).toBe('eCommerceSaleOfGoods');
  });
});

describe('address matrix: DHL Express', () => {
  let f: Awaited<ReturnType<typeof dhlFixture>>;
  beforeAll(async () => { f = await dhlFixture(); });
  afterAll(() => f.stop());

  it('books every address with 0 violations: province codes, counties by name, lines of 45', async () => {
    const service = (country: string) => (country === 'GB' ? 'DHL Express Domestic' : 'DHL Express Worldwide');
    const { outcomes, requests } = await runMatrix(f.carrier(), service, () => f.double.lastBodies.get('ship'));
    expect(outcomes).toEqual(ALL_BOOKED);
    expect(f.double.violations).toEqual([]);
    const to = (label: string) => (requests[label] as Json).customerDetails.receiverDetails;
    expect(to('GB with county').postalAddress).toMatchObject({ countyName: 'Greater London' });
    expect(to('GB with county').postalAddress.provinceCode).toBeUndefined();
    expect(to('IE with county and Eircode').postalAddress).toMatchObject({ countyName: 'Co. Dublin', postalCode: 'D02 X285' });
    expect(to('US with a state name')).toMatchObject({ postalAddress: { provinceCode: 'CA' }, contactInformation: { phone: '+16502530000' } });
    expect(to('CA with a province name').postalAddress).toMatchObject({ provinceCode: 'ON', postalCode: 'M5V 3L9' });
    expect(to('60-character address line').postalAddress).toMatchObject({ addressLine1: 'Unit 14, The Old Granary Business Centre, 147', addressLine2: 'Riverside Road', addressLine3: 'Salford Quays' });
    expect(to('Łódź (PL)').postalAddress).toMatchObject({ cityName: 'Łódź', provinceCode: '10' });
    expect(to('Ærø (DK)').postalAddress).toMatchObject({ cityName: 'Ærøskøbing' });
  });
});
