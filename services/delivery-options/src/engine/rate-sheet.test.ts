import { compileRateSheet, sheetPrice, type RateSheetDefinition } from './rate-sheet';
import { compileRuleSet } from './compile';
import type { DeliveryRule } from '@waybill/contracts';
import { quotes } from './quote';
import { shipmentOf } from './shipment';
import { HolidayCalendar } from './holidays';

const SHEET: RateSheetDefinition = {
  identifier: 'Globex 2027', service_id: 'Globex|Economy', currency: 'GBP',
  zones: [
    { name: 'UK', countries: ['GB'], postcode_prefixes: [] },
    { name: 'Highlands', countries: ['GB'], postcode_prefixes: ['IV', 'HS'] },
    { name: 'Inverness centre', countries: ['GB'], postcode_prefixes: ['IV1'] },
    { name: 'Europe', countries: ['FR', 'DE'], postcode_prefixes: [] },
  ],
  bands: [
    { max_weight_kg: 2, prices: { UK: '3.50', Highlands: '6.00', 'Inverness centre': '5.00', Europe: '9.95' } },
    { max_weight_kg: 10, prices: { UK: '5.25', Highlands: '9.00', 'Inverness centre': '8.00' } },
  ],
};
const sheet = compileRateSheet(SHEET, 2);
const shipment = (country: string, postcode: string | null, ...weights: Array<number | null>) =>
  shipmentOf({ recipient: { address: { country, postcode } }, packages: weights.map((weight) => ({ weight })) });

describe('rate sheet zones', () => {
  it('puts a destination in its country\'s zone with the longest prefix its postcode starts with', () => {
    expect(sheet.zoneOf('GB', 'IV12AB')).toBe('Inverness centre');
    expect(sheet.zoneOf('GB', 'IV21AB')).toBe('Highlands');
    expect(sheet.zoneOf('GB', 'HS12AB')).toBe('Highlands');
    expect(sheet.zoneOf('gb', 'SW1A2AA')).toBe('UK');
  });
  it('puts a destination without postcode in the country\'s zone without prefixes, and an unlisted country nowhere', () => {
    expect(sheet.zoneOf('GB', null)).toBe('UK');
    expect(sheet.zoneOf('DE', '10115')).toBe('Europe');
    expect(sheet.zoneOf('US', '10001')).toBeNull();
  });
  it('compares postcodes without spaces and case, as the checkout sends them', () => {
    expect(sheetPrice(sheet, shipment('GB', 'iv1 2ab', 1))).toBe(500);
  });
});

describe('rate sheet bands', () => {
  it('prices each parcel by the first band its weight fits (inclusive), and adds the parcels up', () => {
    expect(sheetPrice(sheet, shipment('GB', 'SW1A 2AA', 2))).toBe(350);
    expect(sheetPrice(sheet, shipment('GB', 'SW1A 2AA', 2.001))).toBe(525);
    expect(sheetPrice(sheet, shipment('GB', 'SW1A 2AA', 1, 10))).toBe(875);
  });
  it('counts a parcel without weight, or no parcel at all, as 0 kg', () => {
    expect(sheetPrice(sheet, shipment('GB', null, null))).toBe(350);
    expect(sheetPrice(sheet, shipment('GB', null))).toBe(350);
  });
  it('gives no price when a parcel is heavier than every band, or its band leaves the zone out', () => {
    expect(sheetPrice(sheet, shipment('GB', null, 1, 11))).toBeNull();
    expect(sheetPrice(sheet, shipment('FR', null, 3))).toBeNull();
    expect(sheetPrice(sheet, shipment('US', null, 1))).toBeNull();
  });
});

describe('rate sheet volumetric weight', () => {
  const bulky = compileRateSheet({ ...SHEET, volumetric_divisor: 5000 }, 2);
  const parcel = (weight: number, sides?: [number, number, number], unit?: string) =>
    shipmentOf({ recipient: { address: { country: 'GB' } }, packages: [{ weight, ...(sides && { length: sides[0], width: sides[1], height: sides[2] }), ...(unit && { dimensions_unit: unit }) }] });

  it('prices a light, large parcel by its volume divided by the divisor', () => {
    // 40 × 30 × 20 cm = 24,000 cm³ / 5000 = 4.8 kg: the 10 kg band, not the 2 kg one.
    expect(sheetPrice(bulky, parcel(1, [40, 30, 20]))).toBe(525);
    expect(sheetPrice(sheet, parcel(1, [40, 30, 20]))).toBe(350);
  });
  it('takes the weight when it is more, and the weight alone when a side is missing; sides in any unit', () => {
    expect(sheetPrice(bulky, parcel(1.5, [10, 10, 10]))).toBe(350);
    expect(sheetPrice(bulky, shipmentOf({ recipient: { address: { country: 'GB' } }, packages: [{ weight: 1, length: 400, width: 300 }] }))).toBe(350);
    expect(sheetPrice(bulky, parcel(1, [400, 300, 200], 'mm'))).toBe(525);
    // 600 × 600 × 600 cm: heavier by volume than any band, so the sheet does not price it.
    expect(sheetPrice(bulky, parcel(1, [600, 600, 600]))).toBeNull();
  });
});

describe('the price chain in quotes', () => {
  const rule = (over: Partial<DeliveryRule>): DeliveryRule => ({
    id: 'r', name: 'r', enabled: true, service_id: 'Globex|Economy', delivery_type: 'standard',
    conditions: {}, price: { amount: '7.00' }, schedule: {}, created_at: '', updated_at: '', ...over,
  });
  const services = new Map([['globex|economy', { serviceId: 'Globex|Economy', serviceName: 'Economy', carrierId: 'globex', carrierName: 'Globex' }]]);
  const origin = { warehouseId: 'acme|London', place: { country: 'GB', region: null }, timeZone: 'Europe/London' };
  const priceOf = (rules: DeliveryRule[], sheets: RateSheetDefinition[], body: Record<string, unknown>) => {
    const set = compileRuleSet(rules, { currency: 'GBP', allocationPreference: 'cheapest' }, sheets);
    return quotes({ rules: set, services, holidays: new HolidayCalendar(), now: new Date('2026-03-10T09:00:00Z') }, shipmentOf(body), origin, null)
      .map((q) => [q.priceMinor, q.source]);
  };
  const to = (country: string, weight: number, extra: Record<string, unknown> = {}) => ({ recipient: { address: { country } }, packages: [{ weight }], ...extra });

  it('takes the sheet\'s price where it has one, the rule\'s elsewhere', () => {
    expect(priceOf([rule({})], [SHEET], to('GB', 1))).toEqual([[350, 'rate_sheet']]);
    expect(priceOf([rule({})], [SHEET], to('US', 1))).toEqual([[700, 'rule']]);
    expect(priceOf([rule({})], [SHEET], to('GB', 50))).toEqual([[700, 'rule']]);
    expect(priceOf([rule({})], [], to('GB', 1))).toEqual([[700, 'rule']]);
  });
  it('leaves a sheet in another currency than the company\'s out', () => {
    expect(priceOf([rule({})], [{ ...SHEET, currency: 'EUR' }], to('GB', 1))).toEqual([[700, 'rule']]);
  });
  it('keeps a rule\'s free-above promotion, and offers nothing a rule does not', () => {
    expect(priceOf([rule({ price: { amount: '7.00', free_above: '50' } })], [SHEET], to('GB', 1, { order_value: 60 }))).toEqual([[0, 'rule']]);
    expect(priceOf([rule({ conditions: { countries: ['FR'] } })], [SHEET], to('GB', 1))).toEqual([]);
  });
});
