import { destinationOf, postcodeDistrict, timeZoneOf } from './destination';

describe('what the page may say about the destination', () => {
  it('keeps only the postcode district, never the whole postcode', () => {
    expect(['SW1A 2AA', 'sw1a2aa', 'M1 1AE', 'EH1 1YZ', 'B33 8TH'].map((p) => postcodeDistrict('GB', p))).toEqual(['SW1A', 'SW1A', 'M1', 'EH1', 'B33']);
    expect(postcodeDistrict('IE', 'D02 X285')).toBe('D02');
    expect(postcodeDistrict('CA', 'K1A 0B1')).toBe('K1A');
    expect(postcodeDistrict('NL', '1012 AB')).toBe('1012');
    expect(postcodeDistrict('US', '94105-1234')).toBe('941');
    expect(postcodeDistrict('FR', '75008')).toBe('75');
    expect(postcodeDistrict('DE', '10115')).toBe('10');
    expect(postcodeDistrict('GB', '')).toBeNull();
  });

  it('finds the time zone of the country, or of its state where it has several', () => {
    expect(timeZoneOf('GB')).toBe('Europe/London');
    expect(timeZoneOf('US', 'CA')).toBe('America/Los_Angeles');
    expect(timeZoneOf('DE', null)).toBe('Europe/Berlin');
    expect(timeZoneOf('ZZ')).toBeNull();
  });

  it('reduces an address to town, district, country and zone', () => {
    expect(destinationOf({ city: ' Leeds ', postcode: 'LS1 4DY', country: 'gb' })).toEqual({ town: 'Leeds', district: 'LS1', country: 'GB', timeZone: 'Europe/London' });
    expect(destinationOf(undefined)).toEqual({ town: null, district: null, country: null, timeZone: null });
  });
});
