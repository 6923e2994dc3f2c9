import { bool, list, num, obj, oneOf, pattern, str, type Schema } from '../kit/schema-kit';
import { address, contact } from './dhl.schemas';

/**
 * MyDHL API `POST /pickups` (a courier pickup booked on its own, not with a shipment), as Waybill uses it:
 * our schema from DHL's published description (required members, the date-time and close-time formats,
 * account types, metric or imperial units, packages with weight and dimensions).
 */
const party = obj({ postalAddress: address, contactInformation: contact }, ['postalAddress', 'contactInformation']);
const dimension = num(1, 9999999);

export const pickupRequestSchema: Schema = obj({
  plannedPickupDateAndTime: pattern('^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\s?GMT[+-]\\d{2}:\\d{2}$'),
  closeTime: pattern('^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  location: str(1, 80),
  locationType: oneOf('business', 'residence'),
  accounts: list(obj({ typeCode: oneOf('shipper', 'payer', 'duties-taxes'), number: str(1, 12) }, ['typeCode', 'number']), 3),
  remark: str(1, 80),
  customerDetails: obj({ shipperDetails: party, pickupDetails: party }, ['shipperDetails']),
  shipmentDetails: list(obj({
    productCode: pattern('^[A-Z0-9]{1,3}$'), isCustomsDeclarable: bool, unitOfMeasurement: oneOf('metric', 'imperial'),
    packages: list(obj({
      weight: num(0.001, 999999999), dimensions: obj({ length: dimension, width: dimension, height: dimension }, ['length', 'width', 'height']),
    }, ['weight', 'dimensions']), 999),
  }, ['productCode', 'isCustomsDeclarable', 'unitOfMeasurement', 'packages']), 10),
}, ['plannedPickupDateAndTime', 'accounts', 'customerDetails', 'shipmentDetails']);
