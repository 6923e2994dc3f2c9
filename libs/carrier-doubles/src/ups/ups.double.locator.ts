import { createHash } from 'node:crypto';
import { upsSchemas } from '@waybill/carriers';
import { schemaProblems, type DoubleAnswer } from '../kit/double-server';
import { headerProblems, type Exchange } from './ups.double.routes';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const STREETS = ['High Street', 'Station Road', 'Market Place', 'Church Street', 'Mill Lane'];
const SHOP_HOURS = [2, 3, 4, 5, 6].map((day) => ({ Day: String(day), OpenHours: '900', CloseHours: '1800' }));

/**
 * POST /api/locations/v3/search/availabilities/64: UPS Access Points around the origin (its coordinates,
 * else a place derived from the postcode), nearest first, in the documented shape (DropLocation always an
 * array, hours as military times, a locker open 24 hours, Sundays closed for shops).
 */
export function locate(x: Exchange): DoubleAnswer {
  const [, , , version, , , reqOption] = x.path.split('/');
  const body = x.body as Json | undefined;
  const bad = x.violate([
    ...headerProblems(x, false),
    ...schemaProblems(upsSchemas.locatorPathSchema, { version, reqOption }, 'path'),
    ...schemaProblems(upsSchemas.locatorRequestSchema, body, 'body'),
  ]);
  if (bad) return bad;
  const origin = body!.LocatorRequest.OriginAddress;
  const country: string = origin.AddressKeyFormat.CountryCode;
  const seed = createHash('sha256').update(`${country}:${origin.AddressKeyFormat.PostcodePrimaryLow ?? origin.AddressKeyFormat.AddressLine}`).digest();
  const lat = origin.Geocode ? Number(origin.Geocode.Latitude) : 51 + seed[0] / 255;
  const lon = origin.Geocode ? Number(origin.Geocode.Longitude) : -1 + seed[1] / 255;
  const size = Number(body!.LocatorRequest.LocationSearchCriteria?.MaximumListSize ?? origin.MaximumListSize ?? 10);
  const locations = Array.from({ length: Math.min(size, 10) }, (_, i) => {
    const km = 0.3 + i * 0.45;
    const locker = i % 3 === 1;
    return {
      LocationID: String(100000 + i), OriginOrDestination: '01', IVR: { PhraseID: '0' }, Timezone: 'Europe/London', PhoneNumber: '0000000000',
      Geocode: { Latitude: (lat + km / 111).toFixed(6), Longitude: lon.toFixed(6) },
      AddressKeyFormat: {
        ConsigneeName: locker ? `UPS Access Point Locker ${i + 1}` : `Corner Shop ${i + 1}`, AddressLine: `${10 + i} ${STREETS[i % STREETS.length]}`,
        PoliticalDivision2: 'Sometown', PoliticalDivision1: '', PostcodePrimaryLow: origin.AddressKeyFormat.PostcodePrimaryLow ?? 'AB1 2CD', CountryCode: country,
      },
      LocationAttribute: [{ OptionType: { Code: '01', Description: 'Location' }, OptionCode: [{ Code: '018', Description: 'UPS Access Point' }] }],
      Distance: { Value: km.toFixed(1), UnitOfMeasurement: { Code: 'KM', Description: 'KILOMETERS' } },
      OperatingHours: { StandardHours: [{ HoursType: '10', DayOfWeek: locker
        ? [1, 2, 3, 4, 5, 6, 7].map((day) => ({ Day: String(day), Open24HoursIndicator: '' }))
        : [{ Day: '1', ClosedIndicator: '' }, ...SHOP_HOURS, { Day: '7', OpenHours: '930', CloseHours: '1700' }] }] },
      AccessPointInformation: { PublicAccessPointID: `U${String(seed.readUInt32BE(2) % 1e9).padStart(9, '0')}${i}`, AccessPointStatus: { Code: '01', Description: 'Active-available' } },
    };
  });
  return { status: 200, body: { LocatorResponse: {
    Response: { ResponseStatus: { Code: '1', Description: 'Success' } },
    Geocode: { Latitude: lat.toFixed(6), Longitude: lon.toFixed(6) },
    SearchResults: { DropLocation: locations, ActiveAvailableAccessPointIndicator: '' },
    AllowAllConfidenceLevels: 'false',
  } } };
}
