/**
 * A carrier's service points (lockers, shops, post offices, depots) near a place: what a carrier that
 * declares the `service_points` capability implements (docs/api/service-points.md).
 */
export interface ServicePointQuery {
  /** ISO 3166-1 alpha-2. */
  country: string;
  postcode?: string | null;
  /** Degrees; both or neither. Where given they win over the postcode. */
  latitude?: number | null;
  longitude?: number | null;
  limit: number;
}

export type ServicePointType = 'locker' | 'shop' | 'post_office' | 'depot';

export interface OpeningHours {
  /** mon, tue, wed, thu, fri, sat, sun. */
  day: 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
  /** HH:MM local. */
  open: string;
  close: string;
}

export interface CarrierServicePoint {
  /** The carrier's own id of the point (what a consignment's `store_code` carries). */
  id: string;
  name: string;
  type: ServicePointType;
  address: { address1: string; city: string; postcode: string; country: string };
  latitude: number;
  longitude: number;
  /** Metres from the place asked about, as the carrier measured it (or from the coordinates). */
  distanceM: number;
  openingHours: OpeningHours[];
}

export interface CarrierServicePoints {
  /** The carrier's points nearest the place, nearest first; throws CarrierRejection when the carrier refuses the search. */
  search(q: ServicePointQuery): Promise<CarrierServicePoint[]>;
}
