import type { Address, Contact } from './carrier';

/**
 * Booking the carrier's van to a warehouse (a collection): what a carrier that declares the
 * `collections` capability implements (docs/api/collections.md).
 */
export interface PickupRequest {
  company: string;
  /** Waybill's collection identifier: a repeated request under it must not book the van twice. */
  collectionId: string;
  address: Address;
  contact?: Contact | null;
  /** The warehouse's IANA time zone; the date and times below are local to it. */
  timeZone?: string | null;
  /** YYYY-MM-DD. */
  date: string;
  /** HH:MM, local: when the parcels are ready, and when the dock closes. */
  readyTime: string;
  closeTime: string;
  parcels: number;
  /** Kilograms in all; null when not given. */
  weightKg: number | null;
}

export interface PickupBooking {
  /** The carrier's own reference of the collection (UPS's PRN, DHL's dispatch confirmation number). */
  reference: string;
}

export interface CarrierPickups {
  /** Books the collection; throws CarrierRejection with the carrier's reason when it refuses. */
  book(req: PickupRequest): Promise<PickupBooking>;
  /** Cancels it; cancelling one the carrier already cancelled succeeds. */
  cancel(reference: string, req: PickupRequest): Promise<void>;
}
