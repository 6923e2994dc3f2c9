import { list, obj, oneOf, pattern, str, type Schema } from './ups.schema-kit';

/**
 * UPS Pickup API (on-call pickup creation and cancel, version v2409), as Waybill uses it: our schemas from
 * UPS's published description (required members, lengths, valid values). Where the description's lengths
 * contradict its own words (PickupDate "yyyyMMdd", Weight "one decimal digit"), the words are kept.
 */
const YES_NO = oneOf('Y', 'N');
const phone = obj({ Number: str(1, 25), Extension: str(1, 10) }, ['Number']);

export const pickupCreationRequestSchema: Schema = obj({
  PickupCreationRequest: obj({
    Request: obj({ SubVersion: str(4, 4), TransactionReference: obj({ CustomerContext: str(1, 512) }) }),
    RatePickupIndicator: YES_NO,
    Shipper: obj({ Account: obj({ AccountNumber: str(6, 10), AccountCountryCode: str(2, 2, { pattern: '^[A-Z]{2}$' }) }, ['AccountNumber', 'AccountCountryCode']) }),
    PickupDateInfo: obj({
      CloseTime: pattern('^([01][0-9]|2[0-3])[0-5][0-9]$'),
      ReadyTime: pattern('^([01][0-9]|2[0-3])[0-5][0-9]$'),
      PickupDate: pattern('^[0-9]{4}(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])$'),
    }, ['ReadyTime', 'CloseTime', 'PickupDate']),
    PickupAddress: obj({
      CompanyName: str(1, 27), ContactName: str(1, 22), AddressLine: list(str(1, 73), 1), Room: str(1, 8), Floor: str(1, 3),
      City: str(1, 50), StateProvince: str(1, 50), Urbanization: str(1, 50), PostalCode: str(1, 8),
      CountryCode: str(2, 2, { pattern: '^[A-Z]{2}$' }), ResidentialIndicator: YES_NO, PickupPoint: str(1, 11), Phone: phone,
    }, ['CompanyName', 'ContactName', 'AddressLine', 'City', 'CountryCode', 'ResidentialIndicator', 'Phone']),
    AlternateAddressIndicator: YES_NO,
    PickupPiece: list(obj({
      ServiceCode: pattern('^[0-9A-Z]{3}$'), Quantity: pattern('^[1-9][0-9]{0,2}$'),
      DestinationCountryCode: str(2, 2, { pattern: '^[A-Z]{2}$' }), ContainerCode: oneOf('01', '02', '03'),
    }, ['ServiceCode', 'Quantity', 'DestinationCountryCode', 'ContainerCode']), 50),
    TotalWeight: obj({ Weight: pattern('^[0-9]{1,5}(\\.[0-9])?$'), UnitOfMeasurement: oneOf('LBS', 'KGS') }, ['Weight', 'UnitOfMeasurement']),
    OverweightIndicator: YES_NO,
    PaymentMethod: oneOf('00', '01', '03', '04', '05', '06', '07'),
    SpecialInstruction: str(1, 57),
    ReferenceNumber: str(1, 35),
  }, ['Request', 'PickupDateInfo', 'PickupAddress', 'PaymentMethod', 'PickupPiece', 'RatePickupIndicator', 'AlternateAddressIndicator']),
}, ['PickupCreationRequest']);

/** DELETE /api/shipments/{version}/pickup/{CancelBy}: by PRN (02, with the `Prn` header) or by account (01). */
export const pickupCancelPathSchema: Schema = obj({ version: oneOf('v2409'), CancelBy: oneOf('01', '02') }, ['version', 'CancelBy']);
export const pickupCancelHeadersSchema: Schema = obj({ prn: pattern('^[0-9A-Z]{1,26}$') }, [], true);
