import { CarrierRejection, type RateRequest } from '@waybill/carrier-model';
import { dhlRateRequest, dhlRatesOf } from './dhl.rate.mapper';

const question = (over: Partial<RateRequest> = {}): RateRequest => ({
  company: 'acme', origin: { country: 'FR', postcode: '75001', city: 'Paris' }, destination: { country: 'DE', postcode: '10115' },
  parcels: [{ weightKg: 1.2345, lengthCm: 20.2, widthCm: 10, heightCm: 5 }], services: ['DHL Express Worldwide'], originTimeZone: 'Europe/Paris', ...over,
});

describe('DHL Express rating mapping', () => {
  it('asks for the account in metric units, customs-declarable only across a customs border', () => {
    const now = new Date('2030-01-07T08:00:00Z');
    const body = dhlRateRequest(question(), '123456789', now);
    expect(body).toEqual({
      customerDetails: { shipperDetails: { postalCode: '75001', cityName: 'Paris', countryCode: 'FR' }, receiverDetails: { postalCode: '10115', cityName: '10115', countryCode: 'DE' } },
      accounts: [{ typeCode: 'shipper', number: '123456789' }],
      plannedShippingDateAndTime: '2030-01-07T17:00:00GMT+01:00',
      unitOfMeasurement: 'metric', isCustomsDeclarable: false,
      packages: [{ weight: 1.235, dimensions: { length: 21, width: 10, height: 5 } }],
    });
    expect(dhlRateRequest(question({ destination: { country: 'GB', postcode: 'SW1A 2AA' } }), '123456789', now).isCustomsDeclarable).toBe(true);
    expect(() => dhlRateRequest(question({ parcels: [] }), '123456789', now)).toThrow(CarrierRejection);
  });

  it('answers the services asked in the billing currency, EU and customs product codes alike', () => {
    const product = (code: string, prices: Array<[string, string, number]>) => ({ productCode: code, totalPrice: prices.map(([currencyType, priceCurrency, price]) => ({ currencyType, priceCurrency, price })) });
    const answer = { products: [product('U', [['PULCL', 'EUR', 40], ['BILLC', 'EUR', 35.5]]), product('W', [['BILLC', 'EUR', 20]]), product('Z', [['BILLC', 'EUR', 1]])] };
    expect(dhlRatesOf(answer, ['DHL Express Worldwide'])).toEqual([{ serviceName: 'DHL Express Worldwide', amount: '35.50', currency: 'EUR' }]);
    expect(dhlRatesOf({ products: [product('P', [['PULCL', 'gbp', 12]])] }, ['DHL Express Worldwide'])).toEqual([{ serviceName: 'DHL Express Worldwide', amount: '12.00', currency: 'GBP' }]);
  });
});
