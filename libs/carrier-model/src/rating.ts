import { hasCapability } from './capabilities';
import type { Carrier, ParcelSpec } from './carrier';

/** Where a rated shipment goes from or to: rating needs the place, not the person. */
export interface RatePlace {
  country: string;
  postcode?: string | null;
  city?: string | null;
  state?: string | null;
  /** The street line, where known (a warehouse's); carriers that want one get a placeholder otherwise. */
  address1?: string | null;
}

/** A price question for one carrier account: the route, the parcels and the services wanted (by service name). */
export interface RateRequest {
  company: string;
  origin: RatePlace;
  destination: RatePlace;
  parcels: ParcelSpec[];
  /** Service names as the carrier's services declare them (`UPS Standard`); the carrier answers those it prices. */
  services: string[];
  /** YYYY-MM-DD; today when absent. */
  shippingDate?: string | null;
  /** The warehouse's IANA time zone: carriers that take a local tendering time need it. */
  originTimeZone?: string | null;
}

/** The carrier's own price of one service for the whole shipment, as it quoted it (decimal text, ISO currency). */
export interface CarrierRate {
  serviceName: string;
  amount: string;
  currency: string;
}

/** A carrier with a live rating API (capability `rates`). Throws CarrierRejection when the carrier refuses the question. */
export interface CarrierRating {
  rate(req: RateRequest): Promise<CarrierRate[]>;
}

/** Whether the carrier declares `rates` and can be asked for live prices. */
export function ratesLive(carrier: Carrier): carrier is Carrier & CarrierRating {
  return hasCapability(carrier.capabilities.supports, 'rates') && typeof (carrier as Partial<CarrierRating>).rate === 'function';
}
