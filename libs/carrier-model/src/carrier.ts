import type { CarrierCapability } from './capabilities';
import type { CarrierTracking, CarrierTrackingPull } from './tracking';
import type { CarrierPickups } from './pickups';
import type { CarrierServicePoints } from './service-points';

/**
 * The one carrier interface. Every integration (the sandbox carriers here, a real carrier later) is an
 * implementation of it; nothing elsewhere special-cases a carrier.
 */
export interface Address {
  name?: string | null;
  company_name?: string | null;
  address1: string;
  address2?: string | null;
  address3?: string | null;
  city: string;
  state?: string | null;
  postcode: string;
  country: string;
}

export interface ParcelSpec {
  /** Kilograms; null when the client sent no weight. */
  weightKg: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
  reference?: string | null;
}

/** How to reach the people at either end; carriers print or need these for some routes. */
export interface Contact {
  phone?: string | null;
  email?: string | null;
  /** Tax or EORI number, for customs. */
  taxId?: string | null;
}

/** One line of the goods, for customs. Money is decimal text. */
export interface CustomsItem {
  description: string;
  quantity: number;
  /** Unit value, decimal text. */
  unitValue: string;
  hsCode?: string | null;
  originCountry?: string | null;
  weightKg?: number | null;
  sku?: string | null;
}

/** What a carrier that produces its own customs invoice needs (a route crossing a customs border). */
export interface CustomsDeclaration {
  currency: string;
  items: CustomsItem[];
  /** Waybill's reason_for_export (merchandise, sample, documents, gift, other, returns, personal). */
  reasonForExport?: string | null;
  incoterm?: string | null;
  iossNumber?: string | null;
  invoiceNumber: string;
  /** YYYY-MM-DD. */
  invoiceDate: string;
}

export interface BookingRequest {
  company: string;
  consignmentIdentifier: string;
  orderNumber: string;
  serviceName: string;
  origin: Address;
  destination: Address;
  parcels: ParcelSpec[];
  options: Record<string, string>;
  shippingDate?: string | null;
  /** The warehouse's IANA time zone (e.g. `Europe/London`): carriers that take a local shipping time need it. */
  originTimeZone?: string | null;
  /** The warehouse's daily collection cutoff, `HH:MM` local time; bookings after it ship the next working day. */
  originCutoff?: string | null;
  /** Sender and recipient contacts; real carriers require a phone number on international routes. */
  originContact?: Contact | null;
  destinationContact?: Contact | null;
  /** Contents in a few words (carriers print it, customs read it). */
  description?: string | null;
  /** Present when the route crosses a customs border. */
  customs?: CustomsDeclaration | null;
}

/**
 * Documents a carrier produced at booking, stored with the booking so that printing never books twice
 * and works while the carrier is down. `labels` holds one label per parcel, in parcel order.
 */
export interface BookedDocuments {
  /** `zpl`: printer language text; `gif`/`png`: images (any orientation); `pdf`: one PDF per label. */
  labelFormat: 'zpl' | 'gif' | 'png' | 'pdf';
  labels: Buffer[];
  /** The carrier's own customs (commercial) invoice, a PDF, where it produced one. */
  customsInvoice?: Buffer | null;
}

export interface Booking {
  consignmentNumber: string;
  /** One per parcel, in parcel order. Carriers without per-package tracking repeat the consignment's number. */
  trackingNumbers: string[];
  trackingUrl: string;
  /** Options the carrier applied (those it does not know are dropped). */
  appliedOptions: Record<string, string>;
  /** The carrier's own labels; absent for carriers whose labels Waybill draws from labelDesign. */
  documents?: BookedDocuments;
  /**
   * The carrier's own reference of what was booked where it is not the consignment number (Royal Mail's
   * order identifier, DHL's pickup confirmation number): stored with the booking and handed back to cancel.
   */
  carrierReference?: string | null;
  /** The carrier account that booked it, where Waybill reaches the carrier through an account (carrier-link's id). */
  account?: string;
}

/**
 * The carrier refused the booking (or a cancel); `reason` is shown to the merchant as rejection_reason.
 * `outcomeUnknown` marks a call that timed out or met an outage after it went out: the carrier may
 * have acted on it, so it is listed for the operator as a carrier-call anomaly.
 */
export class CarrierRejection extends Error {
  /**
   * `named`: the reason already names the carrier (`UPS 120802: ...`, as real carriers' adapters word it);
   * otherwise whoever shows it prefixes the carrier's name (`Parcelink: ...`).
   */
  constructor(readonly reason: string, readonly outcomeUnknown = false, readonly named = false) {
    super(reason);
  }
}

/** The answer of an account check: one authenticated call that changes nothing. */
export type AccountCheck = { ok: true } | { ok: false; detail: string };

/** One consignment as the carrier sees it on a manifest: its own numbers and where the parcels go. */
export interface ManifestedConsignment {
  consignmentNumber: string;
  trackingNumbers: string[];
  destination: { postcode: string; country: string };
  parcelCount: number;
  /** Kilograms; null when the client sent no weights. */
  weightKg: number | null;
}

/** Tells the carrier which booked consignments it collects from one warehouse (the collection manifest). */
export interface ManifestRequest {
  company: string;
  /** Waybill's manifest identifier: a repeated submission under it returns the same manifest. */
  manifestId: string;
  origin: Address;
  /** YYYY-MM-DD in the warehouse's time zone. */
  collectionDate: string;
  consignments: ManifestedConsignment[];
}

export interface CarrierManifest {
  /** The carrier's own reference for the manifest (printed on the manifest document). */
  reference: string;
  /** The carrier's own manifest document (a PDF), where it produces one; else Waybill draws it. */
  document?: Buffer | null;
  /**
   * `account` when the carrier manifests every labelled, unmanifested consignment of the account whatever
   * the request listed (Royal Mail Click & Drop); `listed` (the default) when it covers the listed ones only.
   */
  scope?: 'listed' | 'account';
}

export interface CarrierServiceDef {
  /** Human name; `<carrier name>|<service name>` is the public service_id. */
  name: string;
  code: string;
  /** Countries the service delivers to; '*' for anywhere. */
  destinations: string[] | '*';
  /** Countries the service ships from. */
  origins: string[] | '*';
  /** Heaviest single parcel accepted, kg. */
  maxParcelWeightKg: number;
  /**
   * A return service (docs/api/returns.md): it carries a parcel back from the outbound's recipient
   * (`origin`) to the company's returns warehouse (`destination`). Only returns are booked on it, and
   * only carriers declaring the `returns` capability have one.
   */
  return?: boolean;
}

export interface CarrierCapabilities {
  /**
   * What the carrier does, from the capability names (`book`, `void`, `manifest`, `tracking_push`,
   * `tracking_poll`, `proof_of_delivery`, ...): `GET /carriers` shows it, and nothing asks a carrier for
   * what it does not declare.
   */
  supports: readonly CarrierCapability[];
  zplNative: boolean;
  perPackageTracking: boolean;
  /** Option keys the carrier understands; others are ignored. */
  options: string[];
  /**
   * What the carrier's manifest covers: `listed` (the default) the consignments a request names; `account`
   * every labelled, unmanifested consignment of the account whatever the request listed (Royal Mail Click
   * & Drop). Known before the call, so a manifest can claim what the carrier will manifest.
   */
  manifestScope?: 'listed' | 'account';
}

export interface Carrier extends CarrierTracking, CarrierTrackingPull {
  identifier: string;
  name: string;
  capabilities: CarrierCapabilities;
  services: CarrierServiceDef[];
  /** The service used when a consignment names only the carrier. */
  defaultService(origin: Address, destination: Address): CarrierServiceDef;
  /** Whether a shipment on this route needs a customs invoice from this carrier. */
  requiresCustoms(originCountry: string, destinationCountry: string): boolean;
  book(req: BookingRequest): Promise<Booking>;
  /**
   * Releases a booking; cancelling an unknown or already-cancelled booking succeeds. `booked` carries what
   * the booking stored besides the consignment number: its `carrierReference`, and Waybill's consignment
   * identifier it was booked for (what a carrier reached through another service looks the booking up by).
   */
  cancel(consignmentNumber: string, booked?: { carrierReference?: string | null; consignmentIdentifier?: string }): Promise<void>;
  /**
   * Submits a manifest. Throws CarrierRejection when the carrier refuses it (retrying will not help);
   * any other error is transient. Idempotent per `manifestId`.
   */
  manifest(req: ManifestRequest): Promise<CarrierManifest>;
  /** Proves the account's credentials with one authenticated call that changes nothing. */
  checkAccount?(): Promise<AccountCheck>;
  /** Present exactly when the carrier declares `collections`. */
  readonly pickups?: CarrierPickups;
  /** Present exactly when the carrier declares `service_points`. */
  readonly servicePoints?: CarrierServicePoints;
}
