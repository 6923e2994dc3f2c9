import { CarrierRejection } from '@waybill/carrier-model';
import { fieldRules } from '../fields';
import { fitAddress, type AddressProfile } from './address';
import { wrapLines } from './lines';
import { formatPhone } from './phone';
import { isRegionCode, regionOf } from './regions';
import { inCharset, toCharset } from './text';

const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    if (e instanceof CarrierRejection) return e.reason;
    throw e;
  }
  throw new Error('expected a refusal');
};

describe('regions', () => {
  it('maps full names and codes to the code, whatever the spelling around them', () => {
    expect(regionOf('US', 'California')?.code).toBe('CA');
    expect(regionOf('US', 'california ')?.code).toBe('CA');
    expect(regionOf('US', 'CA')?.code).toBe('CA');
    expect(regionOf('US', 'US-CA')?.code).toBe('CA');
    expect(regionOf('CA', 'Québec')?.code).toBe('QC');
    expect(regionOf('CA', 'Ontario')?.code).toBe('ON');
    expect(regionOf('IE', 'Co. Dublin')?.code).toBe('D');
    expect(regionOf('IE', 'County Kerry')?.code).toBe('KY');
    expect(regionOf('DK', 'Hovedstaden')?.code).toBe('84');
    expect(regionOf('GB', 'Greater London')).toBeUndefined();
    expect(regionOf('US', 'Calfornia')).toBeUndefined();
  });

  it('tells a code from a name', () => {
    expect(isRegionCode('DE', 'BY')).toBe(true);
    expect(isRegionCode('DE', 'Bayern')).toBe(false);
  });
});

describe('characters', () => {
  it('transliterates, word by word, only what the charset does not hold', () => {
    expect(toCharset('Łódź', 'ascii')).toBe('Lodz');
    expect(toCharset('Ærø', 'ascii')).toBe('AEro');
    expect(toCharset('Łódź', 'latin1')).toBe('Lodz');
    expect(toCharset('Ærø', 'latin1')).toBe('Ærø');
    expect(toCharset('ulica Żółkiewskiego 5, Café', 'latin1')).toBe('ulica Zolkiewskiego 5, Café');
    expect(toCharset('Łódź', 'unicode')).toBe('Łódź');
    expect(inCharset('Straße', 'latin1')).toBe(true);
    expect(inCharset('Straße', 'ascii')).toBe(false);
  });
});

describe('lines', () => {
  it('wraps a long line at a word boundary onto the next free line', () => {
    const long = 'Flat 12, The Old Granary Building, 147 Long Riverside Road';
    expect(wrapLines([long, null, null], 35, 3)).toEqual({ ok: true, lines: ['Flat 12, The Old Granary Building,', '147 Long Riverside Road'] });
    expect(wrapLines([long, 'Shoreditch', null], 35, 3)).toEqual({ ok: true, lines: ['Flat 12, The Old Granary Building,', '147 Long Riverside Road', 'Shoreditch'] });
  });

  it('runs the lines on when their breaks leave too few lines, and says which line cannot fit', () => {
    expect(wrapLines(['a'.repeat(20) + ' b', 'c', 'd'], 25, 2)).toEqual({ ok: true, lines: [`${'a'.repeat(20)} b, c`, 'd'] });
    expect(wrapLines(['word '.repeat(10), 'more '.repeat(10), 'last '.repeat(10)], 35, 3)).toEqual({ ok: false, overflow: 2 });
  });
});

describe('phones', () => {
  it('formats with libphonenumber in the address country', () => {
    expect(formatPhone('07700 900123', 'GB', 'e164')).toEqual({ number: '+447700900123' });
    expect(formatPhone('+44 (0)7700 900123', 'GB', 'digits')).toEqual({ number: '447700900123' });
    expect(formatPhone('(410) 555-0100 ext. 12', 'US', 'nanp-national')).toEqual({ number: '4105550100', extension: '12' });
    expect(formatPhone('+1 410 555 0100', 'GB', 'nanp-national')).toEqual({ number: '4105550100' });
    expect(formatPhone('087 123 4567', 'IE', 'nanp-national')).toEqual({ number: '353871234567' });
  });
});

describe('fitAddress', () => {
  const profile: AddressProfile = {
    lines: { count: 3, width: 35 }, city: 30, postcode: { max: 9 },
    region: { required: { US: 'code', CA: 'code', IE: 'code', VN: 'iso' }, code: { min: 1, max: 5 }, namesToCodes: false },
  };
  const f = fieldRules('UPS', 'latin1');

  it('sends the region code where the carrier needs one and leaves out a county it does not', () => {
    expect(fitAddress({ address1: '1 Main St', city: 'Los Angeles', state: 'California', postcode: '90001', country: 'us' }, 'recipient', profile, f))
      .toMatchObject({ regionCode: 'CA', country: 'US' });
    const gb = fitAddress({ address1: '10 Downing Street', city: 'London', state: 'Greater London', postcode: 'SW1A 2AA', country: 'GB' }, 'recipient', profile, f);
    expect(gb.regionCode).toBeUndefined();
    expect(gb.regionName).toBeUndefined();
    expect(fitAddress({ address1: 'Ballymore', address2: 'Co. Kerry', city: 'Tralee', postcode: 'V92 X2Y3', country: 'IE' }, 'recipient', profile, f).regionCode).toBe('KY');
    expect(fitAddress({ address1: '1 Le Loi', city: 'Long Xuyen', state: 'An Giang', postcode: '', country: 'VN' }, 'recipient', profile, f).regionCode).toBe('VN-44');
  });

  it('refuses, naming the field, a region it needs and cannot find, and text longer than all the lines', () => {
    expect(refusal(() => fitAddress({ address1: '1 Main St', city: 'Springfield', state: 'Calfornia', postcode: '', country: 'US' }, 'recipient', profile, f)))
      .toBe('UPS cannot take recipient.state: UPS needs a region code of US here, and "Calfornia" names no region of US');
    const long = 'word '.repeat(30);
    expect(refusal(() => fitAddress({ address1: long, city: 'London', postcode: '', country: 'GB' }, 'warehouse', profile, f)))
      .toBe("UPS cannot take warehouse.address1: the address is longer than UPS's 3 lines of 35 characters hold");
  });

  it('keeps a free-text county where the carrier has a field for it', () => {
    const dhl = { ...profile, region: { required: {}, code: { min: 2, max: 35 }, namesToCodes: true, nameField: 45 } };
    expect(fitAddress({ address1: 'x', city: 'Dublin', state: 'Co. Dublin', postcode: '', country: 'IE' }, 'recipient', dhl, fieldRules('DHL Express')))
      .toMatchObject({ regionName: 'Co. Dublin' });
    expect(fitAddress({ address1: 'x', city: 'Toronto', state: 'Ontario', postcode: '', country: 'CA' }, 'recipient', dhl, fieldRules('DHL Express')))
      .toMatchObject({ regionCode: 'ON' });
  });
});
