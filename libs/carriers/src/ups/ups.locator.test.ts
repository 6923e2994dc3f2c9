import { upsLocatorRequest, upsServicePointOf } from './ups.locator';

describe('UPS Locator mapping', () => {
  it('asks for active Access Points around coordinates, nearest first, in kilometres', () => {
    expect(upsLocatorRequest({ country: 'GB', postcode: 'SW1A 1AA', latitude: 51.501, longitude: -0.1419, limit: 5 }).LocatorRequest).toEqual({
      Request: { RequestAction: 'Locator' },
      OriginAddress: {
        Geocode: { Latitude: '51.501000', Longitude: '-0.141900' },
        AddressKeyFormat: { AddressLine: 'SW1A 1AA', PostcodePrimaryLow: 'SW1A 1AA', CountryCode: 'GB' }, MaximumListSize: '5',
      },
      Translate: { Locale: 'en_GB' }, UnitOfMeasurement: { Code: 'KM' },
      LocationSearchCriteria: { AccessPointSearch: { AccessPointStatus: '01' }, MaximumListSize: '5', SearchRadius: '25' },
      SortCriteria: { SortType: '01' },
    });
  });

  it('reads a location: miles to metres, military times, closed and 24-hour days, lines joined, the public id', () => {
    const point = upsServicePointOf({
      LocationID: '123', Geocode: { Latitude: '40.7', Longitude: '-74.0' }, Distance: { Value: '1.5', UnitOfMeasurement: { Code: 'MI' } },
      AddressKeyFormat: { ConsigneeName: 'THE UPS STORE', AddressLine: ['1 MAIN ST', 'UNIT 2'], PoliticalDivision2: 'NEW YORK', PostcodePrimaryLow: '10001', CountryCode: 'US' },
      OperatingHours: { StandardHours: { HoursType: '10', DayOfWeek: [{ Day: '1', ClosedIndicator: '' }, { Day: '2', OpenHours: '830', CloseHours: '1900' }, { Day: '7', Open24HoursIndicator: '' }] } },
      AccessPointInformation: { PublicAccessPointID: 'U12345678' },
    });
    expect(point).toEqual({
      id: 'U12345678', name: 'THE UPS STORE', type: 'shop', address: { address1: '1 MAIN ST, UNIT 2', city: 'NEW YORK', postcode: '10001', country: 'US' },
      latitude: 40.7, longitude: -74, distanceM: 2414,
      openingHours: [{ day: 'mon', open: '08:30', close: '19:00' }, { day: 'sat', open: '00:00', close: '23:59' }],
    });
  });
});
