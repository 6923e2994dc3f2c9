import { InvalidError } from '@waybill/http';
import { sheetFromCsv } from './rate-sheet.csv';

const errorsOf = (text: string): Record<string, string[]> => {
  try {
    sheetFromCsv(text);
  } catch (err) {
    if (err instanceof InvalidError) return err.errors;
    throw err;
  }
  throw new Error('no error');
};

describe('rate sheet CSV', () => {
  it('reads one row per zone and band, zones from their first row, bands ascending', () => {
    const csv = '\ufeffzone,countries,postcode_prefixes,max_weight_kg,price\r\n'
      + 'UK,GB,,2,3.10\r\n'
      + 'Highlands,GB,"IV;HS ZE",2,7.00\r\n'
      + 'UK,,,0.5,2.50\n'
      + '"Europe, near","FR DE",,2,9.95\n'
      + 'Highlands,,,20,11.00\n\n';
    expect(sheetFromCsv(csv)).toEqual({
      zones: [
        { name: 'UK', countries: ['GB'], postcode_prefixes: [] },
        { name: 'Highlands', countries: ['GB'], postcode_prefixes: ['IV', 'HS', 'ZE'] },
        { name: 'Europe, near', countries: ['FR', 'DE'], postcode_prefixes: [] },
      ],
      bands: [
        { max_weight_kg: 0.5, prices: { UK: '2.50' } },
        { max_weight_kg: 2, prices: { UK: '3.10', Highlands: '7.00', 'Europe, near': '9.95' } },
        { max_weight_kg: 20, prices: { Highlands: '11.00' } },
      ],
    });
  });

  it('takes the columns in any order, postcode_prefixes optional', () => {
    expect(sheetFromCsv('price,max_weight_kg,zone,countries\n4.95,1,UK,gb\n').zones).toEqual([{ name: 'UK', countries: ['GB'], postcode_prefixes: [] }]);
  });

  it('names the line and the bad value of every row it refuses', () => {
    expect(errorsOf('zone,countries,postcode_prefixes,max_weight_kg,price\nUK,GB,,2,"4,95"\nUK,,,heavy,1.00\nFar,,,2,1.00\nUK,FR,,3,1.00\nUK,,,2,1.00\n')).toEqual({
      'csv.line 2': ['price "4,95" is not a decimal amount such as 4.95.'],
      'csv.line 3': ['max_weight_kg "heavy" is not a weight above 0.'],
      'csv.line 4': ['zone "Far" has no countries on its first line.'],
      'csv.line 5': ['zone "UK" was given other countries or postcode prefixes on an earlier line.'],
    });
    expect(errorsOf('zone,countries,postcode_prefixes,max_weight_kg,price\nUK,GB,,2,1.00\nUK,,,2,2.00\n')).toEqual({ 'csv.line 3': ['zone "UK" is priced twice up to 2 kg.'] });
  });

  it('refuses a file without the header or without rows', () => {
    expect(errorsOf('zone;price\nUK;1\n').csv[0]).toContain('separated by commas; missing: zone, countries, max_weight_kg, price');
    expect(errorsOf('zone,countries,max_weight_kg,price\n')).toEqual({ csv: ['The file has no rows after its header.'] });
    expect(errorsOf(' \n').csv[0]).toContain('empty');
  });
});
