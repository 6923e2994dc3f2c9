import { CHARSET_PATTERN } from '../kit/address/text';
import { indicator, list, obj, oneOf, str, type Schema } from './ups.schema-kit';
import { UPS_PACKAGING_CODES } from './ups.ship.schema';

/**
 * The Rating API's rate request (POST /api/rating/{version}/{requestoption}), the members Waybill sends,
 * with the required members, enums and lengths UPS's Rating description states (ours, written from it).
 * The description lists service codes of up to 3 characters; the codes Waybill uses are UPS's 2-digit ones.
 */
export const UPS_RATE_VERSION = 'v2409';
export const UPS_RATE_OPTIONS = ['Rate', 'Shop', 'Ratetimeintransit', 'Shoptimeintransit'] as const;

const latin1 = (min: number, max: number) => str(min, max, { pattern: CHARSET_PATTERN.latin1 });
const address = (required: string[]) => obj({
  AddressLine: list(latin1(1, 35), 3),
  City: latin1(1, 30),
  StateProvinceCode: str(1, 5),
  PostalCode: str(1, 9, { pattern: '^[A-Za-z0-9][A-Za-z0-9 -]*$' }),
  CountryCode: str(2, 2, { pattern: '^[A-Z]{2}$' }),
  ResidentialAddressIndicator: indicator,
}, required);
const unit = (codes: string[]) => obj({ Code: oneOf(...codes), Description: str(1, 35) }, ['Code', 'Description']);
const decimal = (max: number) => str(1, max, { pattern: '^[0-9]+(\\.[0-9]+)?$' });

const ratedPackage = obj({
  PackagingType: obj({ Code: oneOf(...UPS_PACKAGING_CODES, '00'), Description: str(1, 35) }, ['Code']),
  Dimensions: obj({ UnitOfMeasurement: unit(['IN', 'CM']), Length: decimal(9), Width: decimal(9), Height: decimal(9) }, ['UnitOfMeasurement', 'Length', 'Height', 'Width']),
  PackageWeight: obj({ UnitOfMeasurement: unit(['LBS', 'KGS', 'OZS']), Weight: decimal(6) }, ['UnitOfMeasurement', 'Weight']),
}, ['PackagingType', 'PackageWeight']);

export const rateRequestSchema: Schema = obj({
  RateRequest: obj({
    Request: obj({
      RequestOption: oneOf(...UPS_RATE_OPTIONS),
      SubVersion: str(4, 4),
      TransactionReference: obj({ CustomerContext: str(1, 512) }),
    }, ['RequestOption']),
    Shipment: obj({
      Shipper: obj({ Name: latin1(1, 35), AttentionName: latin1(1, 35), ShipperNumber: str(6, 6), Address: address(['AddressLine', 'CountryCode']) }, ['Address']),
      ShipTo: obj({ Name: latin1(1, 35), AttentionName: latin1(1, 35), Address: address(['AddressLine', 'CountryCode']) }, ['Address']),
      ShipFrom: obj({ Name: latin1(1, 35), AttentionName: latin1(1, 35), Address: address(['CountryCode']) }, ['Address']),
      PaymentDetails: obj({
        ShipmentCharge: list(obj({ Type: oneOf('01', '02'), BillShipper: obj({ AccountNumber: str(6, 6) }, ['AccountNumber']) }, ['Type']), 2),
      }, ['ShipmentCharge']),
      ShipmentRatingOptions: obj({ NegotiatedRatesIndicator: indicator }),
      Service: obj({ Code: str(1, 3), Description: str(1, 35) }, ['Code']),
      NumOfPieces: str(1, 4, { pattern: '^[0-9]+$' }),
      Package: list(ratedPackage, 200),
    }, ['Shipper', 'ShipTo', 'Package']),
  }, ['Request', 'Shipment']),
}, ['RateRequest']);

export const ratePathSchema: Schema = obj({ version: oneOf(UPS_RATE_VERSION), requestoption: oneOf(...UPS_RATE_OPTIONS) }, ['version', 'requestoption']);

const money = obj({ CurrencyCode: str(3, 3), MonetaryValue: str(1, 19) }, ['CurrencyCode', 'MonetaryValue'], true);

/** The rate answer, the members Waybill reads. */
export const rateAnswerSchema: Schema = obj({
  RateResponse: obj({
    Response: obj({ ResponseStatus: obj({ Code: str(1, 1), Description: str(1, 35) }, ['Code', 'Description']) }, ['ResponseStatus'], true),
    RatedShipment: list(obj({
      Service: obj({ Code: str(1, 3), Description: str(1, 35) }, ['Code'], true),
      TotalCharges: money,
      NegotiatedRateCharges: obj({ TotalCharge: money }, ['TotalCharge'], true),
    }, ['Service', 'TotalCharges', 'BillingWeight', 'TransportationCharges', 'ServiceOptionsCharges', 'RatedPackage'], true), 100, 0),
  }, ['Response', 'RatedShipment'], true),
}, ['RateResponse'], true);
