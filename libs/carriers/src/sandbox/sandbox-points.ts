import { createHash } from 'node:crypto';
import type { CarrierServicePoint, CarrierServicePoints, OpeningHours, ServicePointQuery, ServicePointType } from '@waybill/carrier-model';

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const hours = (open: string, close: string, days: readonly OpeningHours['day'][] = DAYS): OpeningHours[] => days.map((day) => ({ day, open, close }));
const HOURS: Record<ServicePointType, OpeningHours[]> = {
  locker: hours('00:00', '23:59'),
  shop: [...hours('09:00', '17:30', DAYS.slice(0, 6)), { day: 'sun', open: '10:00', close: '16:00' }],
  post_office: hours('09:00', '17:30', DAYS.slice(0, 6)),
  depot: hours('08:00', '18:00', DAYS.slice(0, 5)),
};
const STREETS = ['High Street', 'Station Road', 'Church Lane', 'Market Square', 'Mill Road', 'Park Avenue', 'Victoria Street', 'Queens Road'];
/** A rough centre per country, where a postcode is placed when no coordinates are given. */
const CENTRES: Record<string, [number, number]> = { GB: [52.5, -1.5], IE: [53.35, -6.26], FR: [46.6, 2.4], DE: [51.1, 10.4], NL: [52.2, 5.3] };

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Great-circle distance in metres. */
export function metresBetween(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const a = Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return Math.round(2 * 6_371_000 * Math.asin(Math.sqrt(a)));
}

/** Where the sandbox places a postcode: within a degree of the country's centre, the same place every time. */
function placeOf(country: string, postcode: string): [number, number] {
  const [lat, lon] = CENTRES[country] ?? [48, 8];
  const d = digest(`${country}:${postcode.replace(/\s+/g, '').toUpperCase()}`);
  return [lat + (d[0] / 255 - 0.5), lon + (d[1] / 255 - 0.5)];
}

/**
 * The sandbox carriers' locator: a dozen points of the carrier's kinds around the place asked about, the
 * same ones for the same place, so checkouts and tests see a stable, realistic answer without a network.
 */
export function sandboxPoints(identifier: string, name: string, kinds: readonly ServicePointType[]): CarrierServicePoints {
  return {
    async search(q: ServicePointQuery): Promise<CarrierServicePoint[]> {
      const country = q.country.toUpperCase();
      const [lat, lon] = q.latitude != null && q.longitude != null ? [q.latitude, q.longitude] : placeOf(country, q.postcode ?? '');
      const cell = `${identifier}:${lat.toFixed(2)}:${lon.toFixed(2)}`;
      const points = Array.from({ length: 12 }, (_, i): CarrierServicePoint => {
        const d = digest(`${cell}:${i}`);
        const type = kinds[d[0] % kinds.length];
        const pLat = Number((lat + (d[1] - 128) / 6000).toFixed(6));
        const pLon = Number((lon + (d[2] - 128) / 4000).toFixed(6));
        const id = `${identifier.slice(0, 2).toUpperCase()}${d.readUInt32BE(3).toString().padStart(10, '0')}`;
        return {
          id, name: `${name} ${type === 'post_office' ? 'Post Office' : type[0].toUpperCase() + type.slice(1)} ${STREETS[d[7] % STREETS.length]}`, type,
          address: { address1: `${1 + (d[8] % 120)} ${STREETS[d[7] % STREETS.length]}`, city: q.postcode ? `Near ${q.postcode.toUpperCase()}` : 'Nearby', postcode: q.postcode?.toUpperCase() ?? '', country },
          latitude: pLat, longitude: pLon, distanceM: metresBetween(lat, lon, pLat, pLon), openingHours: HOURS[type],
        };
      });
      return points.sort((a, b) => a.distanceM - b.distanceM).slice(0, q.limit);
    },
  };
}
