import { CarrierRejection, type RateRequest } from '@waybill/carrier-model';
import { ratesOf, upsRateRequest } from './ups.rate.mapper';

const question = (over: Partial<RateRequest> = {}): RateRequest => ({
  company: 'acme',
  origin: { country: 'GB', postcode: 'E14 5AB', city: 'London', address1: '1 Warehouse Way' },
  destination: { country: 'DE', postcode: '10115', city: null },
  parcels: [{ weightKg: 2.04, lengthCm: 20, widthCm: 30, heightCm: 10 }],
  services: ['UPS Standard'],
  ...over,
});

describe('UPS rating mapping', () => {
  it('asks Shop at negotiated rates for the shipper number, in kilograms and centimetres from Europe', () => {
    const s = upsRateRequest(question(), 'A1B2C3').RateRequest.Shipment;
    expect(s.Shipper).toEqual({ ShipperNumber: 'A1B2C3', Address: { AddressLine: ['1 Warehouse Way'], City: 'London', PostalCode: 'E14 5AB', CountryCode: 'GB' } });
    // No street at checkout: the postcode stands in for the required address line.
    expect(s.ShipTo.Address).toEqual({ AddressLine: ['10115'], PostalCode: '10115', CountryCode: 'DE' });
    expect(s.PaymentDetails.ShipmentCharge).toEqual([{ Type: '01', BillShipper: { AccountNumber: 'A1B2C3' } }]);
    expect(s.ShipmentRatingOptions).toEqual({ NegotiatedRatesIndicator: '' });
    expect(s.Package).toEqual([{
      PackagingType: { Code: '02', Description: 'Package' },
      PackageWeight: { UnitOfMeasurement: { Code: 'KGS', Description: 'Kilograms' }, Weight: '2.1' },
      Dimensions: { UnitOfMeasurement: { Code: 'CM', Description: 'Centimeters' }, Length: '30', Width: '20', Height: '10' },
    }]);
    expect(s.NumOfPieces).toBe('1');
  });

  it('weighs in pounds and inches from the US, and refuses a parcel without weight', () => {
    const s = upsRateRequest(question({ origin: { country: 'US', postcode: '21093', state: 'MD' } }), 'A1B2C3').RateRequest.Shipment;
    expect(s.Package[0].PackageWeight.UnitOfMeasurement).toEqual({ Code: 'LBS', Description: 'Pounds' });
    expect(s.Package[0].Dimensions!.UnitOfMeasurement).toEqual({ Code: 'IN', Description: 'Inches' });
    expect(s.Shipper.Address.StateProvinceCode).toBe('MD');
    expect(() => upsRateRequest(question({ parcels: [{ weightKg: null, lengthCm: null, widthCm: null, heightCm: null }] }), 'A1B2C3')).toThrow(CarrierRejection);
  });

  it('answers the services asked, at the negotiated total where UPS gave one', () => {
    const rated = (code: string, total: string, negotiated?: string) => ({
      Service: { Code: code }, TotalCharges: { CurrencyCode: 'gbp', MonetaryValue: total },
      ...(negotiated ? { NegotiatedRateCharges: { TotalCharge: { CurrencyCode: 'GBP', MonetaryValue: negotiated } } } : {}),
    });
    const answer = { RateResponse: { RatedShipment: [rated('11', '9.40', '7.99'), rated('07', '31.00'), rated('65', '25.00'), rated('99', '1.00')] } };
    expect(ratesOf(answer, ['UPS Standard', 'UPS Express'])).toEqual([
      { serviceName: 'UPS Standard', amount: '7.99', currency: 'GBP' },
      { serviceName: 'UPS Express', amount: '31.00', currency: 'GBP' },
    ]);
    expect(ratesOf({}, ['UPS Standard'])).toEqual([]);
  });
});
