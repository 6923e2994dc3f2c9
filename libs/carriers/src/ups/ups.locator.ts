import type { CarrierServicePoint, CarrierServicePoints, OpeningHours, ServicePointQuery } from '@waybill/carrier-model';
import { CarrierRejection } from '@waybill/carrier-model';
import { UpsRefusal, type UpsAuth } from './ups.auth';
import { CarrierCallError } from '../outbound';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const DAYS: OpeningHours['day'][] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const many = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
/** UPS's military times ("930", "1700", "0"), as HH:MM. */
const hhmm = (t: string) => { const p = t.padStart(4, '0'); return `${p.slice(0, 2)}:${p.slice(2, 4)}`; };

/** An Access Point search (request option 64) around coordinates, or a postcode, nearest first, in kilometres. */
export function upsLocatorRequest(q: ServicePointQuery): Json {
  const geo = q.latitude != null && q.longitude != null;
  const size = String(Math.min(Math.max(q.limit, 1), 50));
  return {
    LocatorRequest: {
      Request: { RequestAction: 'Locator' },
      OriginAddress: {
        ...(geo ? { Geocode: { Latitude: q.latitude!.toFixed(6), Longitude: q.longitude!.toFixed(6) } } : {}),
        AddressKeyFormat: { AddressLine: q.postcode || `${q.latitude},${q.longitude}`, ...(q.postcode ? { PostcodePrimaryLow: q.postcode.slice(0, 10) } : {}), CountryCode: q.country },
        MaximumListSize: size,
      },
      Translate: { Locale: 'en_GB' },
      UnitOfMeasurement: { Code: 'KM' },
      LocationSearchCriteria: { AccessPointSearch: { AccessPointStatus: '01' }, MaximumListSize: size, SearchRadius: '25' },
      SortCriteria: { SortType: '01' },
    },
  };
}

/** Regular hours (type 10) by day; a closed day is left out, a 24-hour one is 00:00–23:59. */
function hoursOf(location: Json): OpeningHours[] {
  const regular = many<Json>(location.OperatingHours?.StandardHours).find((h) => h.HoursType === '10') ?? many<Json>(location.OperatingHours?.StandardHours)[0];
  return many<Json>(regular?.DayOfWeek).flatMap((d): OpeningHours[] => {
    const day = DAYS[Number(d.Day) - 1];
    if (!day || d.ClosedIndicator !== undefined) return [];
    if (d.Open24HoursIndicator !== undefined) return [{ day, open: '00:00', close: '23:59' }];
    return d.OpenHours && d.CloseHours ? [{ day, open: hhmm(d.OpenHours), close: hhmm(d.CloseHours) }] : [];
  }).sort((a, b) => ((DAYS.indexOf(a.day) + 6) % 7) - ((DAYS.indexOf(b.day) + 6) % 7));
}

/** One Access Point as a service point: its public id, a locker when UPS names it one, else a shop. */
export function upsServicePointOf(l: Json): CarrierServicePoint {
  const a = l.AddressKeyFormat ?? {};
  const name = String(a.ConsigneeName ?? 'UPS Access Point');
  const unit = l.Distance?.UnitOfMeasurement?.Code === 'MI' ? 1609.344 : 1000;
  return {
    id: String(l.AccessPointInformation?.PublicAccessPointID ?? l.LocationID),
    name, type: /locker/i.test(name) ? 'locker' : 'shop',
    address: { address1: many<string>(a.AddressLine).join(', '), city: String(a.PoliticalDivision2 ?? ''), postcode: String(a.PostcodePrimaryLow ?? ''), country: String(a.CountryCode ?? '') },
    latitude: Number(l.Geocode?.Latitude), longitude: Number(l.Geocode?.Longitude),
    distanceM: Math.round(Number(l.Distance?.Value ?? 0) * unit),
    openingHours: hoursOf(l),
  };
}

/** UPS Access Points near a place through the Locator API (docs/carriers/ups.md). */
export function upsServicePoints(auth: UpsAuth): CarrierServicePoints {
  return {
    async search(q: ServicePointQuery): Promise<CarrierServicePoint[]> {
      const answer = await auth.send({ operation: 'locator', method: 'POST', path: '/api/locations/v3/search/availabilities/64', idempotent: true, body: upsLocatorRequest(q) })
        .catch((err: unknown) => {
          // A read: no answer (or no token) is a refusal to report, never a 500.
          if (err instanceof UpsRefusal || err instanceof CarrierCallError) throw new CarrierRejection(err.message, false, err instanceof UpsRefusal);
          throw err;
        });
      if (answer.status !== 200) throw new CarrierRejection(UpsRefusal.of(answer).message, false, true);
      const locations = many<Json>((answer.body as Json | undefined)?.LocatorResponse?.SearchResults?.DropLocation);
      return locations.map(upsServicePointOf).sort((x, y) => x.distanceM - y.distanceM).slice(0, q.limit);
    },
  };
}
