import { obj, oneOf, pattern, str, type Schema } from './ups.schema-kit';

/**
 * UPS Locator API (`v3`, request option 64: UPS Access Point search), as Waybill uses it: our schema from
 * UPS's published description. The description marks every address member required while its words say a
 * postcode or a city suffices; the words are kept (country and a postcode or coordinates).
 */
export const locatorRequestSchema: Schema = obj({
  LocatorRequest: obj({
    Request: obj({ RequestAction: oneOf('Locator'), TransactionReference: obj({ CustomerContext: str(1, 512) }) }, ['RequestAction']),
    OriginAddress: obj({
      Geocode: obj({ Latitude: pattern('^-?\\d{1,3}(\\.\\d{1,10})?$'), Longitude: pattern('^-?\\d{1,3}(\\.\\d{1,10})?$') }, ['Latitude', 'Longitude']),
      AddressKeyFormat: obj({
        AddressLine: str(1, 100), PoliticalDivision2: str(1, 50), PoliticalDivision1: str(1, 50), PostcodePrimaryLow: str(1, 10), CountryCode: pattern('^[A-Z]{2}$'),
      }, ['AddressLine', 'CountryCode']),
      MaximumListSize: pattern('^[1-9][0-9]?$'),
    }, ['AddressKeyFormat']),
    Translate: obj({ Locale: pattern('^[a-z]{2}_[A-Z]{2}$') }, ['Locale']),
    UnitOfMeasurement: obj({ Code: oneOf('MI', 'KM') }, ['Code']),
    LocationSearchCriteria: obj({
      AccessPointSearch: obj({ AccessPointStatus: oneOf('01', '07') }),
      MaximumListSize: pattern('^[1-9][0-9]?$'),
      SearchRadius: pattern('^[1-9][0-9]{0,2}$'),
    }),
    SortCriteria: obj({ SortType: oneOf('01', '02', '03', '04') }),
  }, ['Request', 'OriginAddress', 'Translate']),
}, ['LocatorRequest']);

/** POST /api/locations/{version}/search/availabilities/{reqOption}: version v3, Access Point search 64. */
export const locatorPathSchema: Schema = obj({ version: oneOf('v3'), reqOption: oneOf('64') }, ['version', 'reqOption']);
