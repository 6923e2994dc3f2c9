import { bool, list, num, obj, oneOf, pattern, str, text, type Schema } from '../kit/schema-kit';

/**
 * MyDHL's multi-piece rate request (POST /rates), the members Waybill sends, with the required members,
 * enums, lengths and ranges DHL's published description states (ours, written from it).
 */
const place = obj({
  postalCode: str(0, 12), cityName: str(1, 45), countryCode: pattern('^[A-Z]{2}$', { minLength: 2, maxLength: 2 }), provinceCode: str(2, 35),
  addressLine1: str(1, 45), addressLine2: str(1, 45), addressLine3: str(1, 45), countyName: str(1, 45),
}, ['cityName', 'countryCode', 'postalCode']);

export const rateRequestSchema: Schema = obj({
  customerDetails: obj({ shipperDetails: place, receiverDetails: place }, ['receiverDetails', 'shipperDetails']),
  accounts: list(obj({ typeCode: oneOf('shipper', 'payer', 'duties-taxes'), number: str(1, 12) }, ['number', 'typeCode']), 2),
  productCode: str(1, 6),
  payerCountryCode: str(2, 2),
  // "YYYY-MM-DDTHH:MM:SS GMT+hh:mm", the shipper's local time, 29 characters at most.
  plannedShippingDateAndTime: str(1, 29, { pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}( ?GMT[+-]\\d{2}:\\d{2})?$' }),
  unitOfMeasurement: oneOf('metric', 'imperial'),
  isCustomsDeclarable: bool,
  nextBusinessDay: bool,
  returnStandardProductsOnly: bool,
  productTypeCode: oneOf('all', 'dayDefinite', 'timeDefinite'),
  packages: list(obj({
    weight: num(0.001, 999999999999),
    dimensions: obj({ length: num(1, 9999999), width: num(1, 9999999), height: num(1, 9999999) }, ['height', 'length', 'width']),
  }, ['dimensions', 'weight']), 999),
}, ['customerDetails', 'isCustomsDeclarable', 'packages', 'plannedShippingDateAndTime', 'unitOfMeasurement']);

/** The rates answer, the members Waybill reads. */
export const rateAnswerSchema: Schema = obj({
  products: { type: 'array', items: obj({
    productName: text, productCode: text,
    weight: obj({ volumetric: { type: 'number' }, provided: { type: 'number' }, unitOfMeasurement: text }, [], true),
    totalPrice: { type: 'array', items: obj({ currencyType: text, priceCurrency: text, price: { type: 'number' } }, ['price'], true) },
  }, ['totalPrice', 'weight'], true) },
}, ['products'], true);
