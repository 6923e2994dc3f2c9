import { CHARSET_PATTERN } from '../kit/address/text';
import { indicator, list, obj, oneOf, str, type Schema } from './ups.schema-kit';

/**
 * The Shipping API's ship request (POST /api/shipments/{version}/ship), the members Waybill sends.
 * Lengths and enums as UPS's Shipping description states them; text in Latin-1, the character set the
 * description gives labels ("Default is English (Latin-1)"); phone numbers of digits ("Valid values are 0 - 9").
 */
const latin1 = (min: number, max: number) => str(min, max, { pattern: CHARSET_PATTERN.latin1 });
const phone = obj({ Number: str(1, 15, { pattern: '^[0-9]+$' }), Extension: str(1, 4, { pattern: '^[0-9]+$' }) }, ['Number']);
const addressMembers = {
  AddressLine: list(latin1(1, 35), 3),
  City: latin1(1, 30),
  StateProvinceCode: str(1, 5),
  PostalCode: str(1, 9, { pattern: '^[A-Za-z0-9][A-Za-z0-9 -]*$' }),
  CountryCode: str(2, 2, { pattern: '^[A-Z]{2}$' }),
};
const address = obj({ ...addressMembers, ResidentialAddressIndicator: indicator }, ['AddressLine', 'City', 'CountryCode']);
const party = (extra: Record<string, Schema>, required: string[]) => obj({
  Name: latin1(1, 35), AttentionName: latin1(1, 35), Phone: phone, EMailAddress: str(1, 50), Address: address, ...extra,
}, ['Name', 'Address', ...required]);
/** ShipFrom takes no e-mail address and no residential indicator. */
const shipFrom = obj({
  Name: latin1(1, 35), AttentionName: latin1(1, 35), Phone: phone, Address: obj(addressMembers, ['AddressLine', 'City', 'CountryCode']),
}, ['Name', 'Address']);
const reference = (codeMin: number) => obj({ Code: str(codeMin, 2), Value: str(1, 35) }, ['Value']);

export const UPS_SERVICE_CODES = ['01', '02', '03', '07', '08', '11', '12', '13', '14', '17', '54', '59', '65', '70', '71', '72', '74', '75', '82', '83', '84', '85', '86', '96'];
/**
 * ReturnService codes of the Shipping API: 2 Print and Mail, 3 Return Service 1-Attempt, 5 Return Service
 * 3-Attempt, 8 Electronic Return Label, 9 Print Return Label, 10 Exchange Print Return Label, 11 to 20 Pack
 * & Collect Service (1-Attempt and 3-Attempt, boxes 1 to 5).
 */
export const UPS_RETURN_SERVICE_CODES = ['2', '3', '5', '8', '9', '10', '11', '12', '13', '14', '15', '16', '17', '18', '19', '20'];
export const UPS_PACKAGING_CODES = ['01', '02', '03', '04', '21', '24', '25', '30', '2a', '2b', '2c', '56', '57', '58', '59', '60', '61', '62', '63', '64', '65', '66', '67'];
export const UPS_INCOTERMS = ['CFR', 'CIF', 'CIP', 'CPT', 'DAF', 'DDP', 'DAP', 'DEQ', 'DES', 'EXW', 'FAS', 'FCA', 'FOB'];

const product = obj({
  Description: list(latin1(1, 35), 3),
  Unit: obj({
    Number: str(1, 7, { pattern: '^[0-9]+$' }),
    UnitOfMeasurement: obj({ Code: str(1, 3), Description: str(1, 3) }, ['Code']),
    Value: str(1, 19, { pattern: '^[0-9]+(\\.[0-9]{1,6})?$' }),
  }, ['Number', 'UnitOfMeasurement', 'Value']),
  CommodityCode: str(6, 15, { pattern: '^[0-9A-Za-z]+$' }),
  PartNumber: str(1, 35),
  OriginCountryCode: str(2, 2),
}, ['Description']);

const internationalForms = obj({
  FormType: list(oneOf('01', '03', '04', '05', '06', '07', '08', '09', '10', '11'), 6),
  Product: list(product, 50),
  InvoiceNumber: str(1, 35),
  InvoiceDate: str(8, 8, { pattern: '^[0-9]{8}$' }),
  PurchaseOrderNumber: str(1, 35),
  TermsOfShipment: oneOf(...UPS_INCOTERMS),
  ReasonForExport: str(1, 20),
  CurrencyCode: str(3, 3),
  Contacts: obj({ SoldTo: party({ TaxIdentificationNumber: str(1, 15) }, ['AttentionName']) }),
}, ['FormType', 'Product']);

const pkg = obj({
  Description: str(1, 35),
  Packaging: obj({ Code: oneOf(...UPS_PACKAGING_CODES), Description: str(1, 35) }, ['Code']),
  Dimensions: obj({
    UnitOfMeasurement: obj({ Code: oneOf('IN', 'CM', '00', '01'), Description: str(1, 35) }, ['Code']),
    Length: str(1, 3, { pattern: '^[0-9]+(\\.[0-9]+)?$' }),
    Width: str(1, 3, { pattern: '^[0-9]+(\\.[0-9]+)?$' }),
    Height: str(1, 3, { pattern: '^[0-9]+(\\.[0-9]+)?$' }),
  }, ['UnitOfMeasurement', 'Length', 'Height', 'Width']),
  PackageWeight: obj({
    UnitOfMeasurement: obj({ Code: oneOf('LBS', 'KGS', 'OZS'), Description: str(1, 35) }, ['Code']),
    Weight: str(1, 5, { pattern: '^[0-9]+(\\.[0-9]+)?$' }),
  }, ['UnitOfMeasurement', 'Weight']),
  ReferenceNumber: list(reference(1), 5),
}, ['Packaging']);

export const shipRequestSchema: Schema = obj({
  ShipmentRequest: obj({
    Request: obj({
      RequestOption: oneOf('nonvalidate', 'validate'),
      SubVersion: str(4, 4),
      TransactionReference: obj({ CustomerContext: str(1, 512) }),
    }, ['RequestOption']),
    Shipment: obj({
      Description: str(1, 50),
      Shipper: party({ ShipperNumber: str(6, 6) }, ['ShipperNumber']),
      ShipTo: party({}, []),
      ShipFrom: shipFrom,
      PaymentInformation: obj({
        ShipmentCharge: list(obj({
          Type: oneOf('01', '02', '03'),
          BillShipper: obj({ AccountNumber: str(6, 6) }, ['AccountNumber']),
        }, ['Type']), 3),
      }, ['ShipmentCharge']),
      Service: obj({ Code: oneOf(...UPS_SERVICE_CODES), Description: str(1, 35) }, ['Code']),
      ReferenceNumber: list(reference(2), 2),
      ShipmentDate: str(8, 8, { pattern: '^[0-9]{8}$' }),
      ShipmentServiceOptions: obj({ InternationalForms: internationalForms }),
      ReturnService: obj({ Code: oneOf(...UPS_RETURN_SERVICE_CODES), Description: str(1, 35) }, ['Code']),
      Package: list(pkg, 200),
    }, ['Shipper', 'Service', 'ShipTo', 'Package']),
    LabelSpecification: obj({
      LabelImageFormat: obj({ Code: oneOf('GIF', 'ZPL', 'EPL', 'SPL'), Description: str(1, 35) }, ['Code']),
      HTTPUserAgent: str(1, 64),
      LabelStockSize: obj({ Height: oneOf('6', '8'), Width: oneOf('4') }, ['Height', 'Width']),
    }, ['LabelImageFormat', 'LabelStockSize']),
  }, ['Request', 'Shipment']),
}, ['ShipmentRequest']);
