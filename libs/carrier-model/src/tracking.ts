/**
 * The tracking side of the carrier interface: how a carrier's pushed tracking events are read, and how
 * its proof of delivery is retrieved. A real carrier implements these next to booking and cancelling.
 */

/** The normalised statuses of docs/api/tracking.md; every carrier's own event codes map onto these. */
export const TRACKING_STATUSES = [
  'INFO_RECEIVED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED', 'DELIVERY_FAILED', 'EXCEPTION', 'RETURNED',
] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

/** One event in the generic push shape; `status` may still be free text ("In Transit") or absent. */
export interface PushedTrackingEvent {
  carrier_code?: string | null;
  status?: string | null;
  description?: string | null;
  /** ISO 8601; without a zone it is UTC. */
  timestamp: string;
  location?: string | null;
}

export interface PushedTracking {
  tracking_number: string;
  events: PushedTrackingEvent[];
}

/** The generic push body: `{"trackings": [...]}`. */
export interface TrackingPush {
  trackings: PushedTracking[];
}

/** A native body the carrier recognised as its own but whose fields are wrong; keyed by dotted path. */
export class TrackingPushError extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super(Object.entries(errors).map(([p, m]) => `${p}: ${m[0]}`).join('; '));
  }
}

export interface ProofOfDeliveryRequest {
  trackingNumber: string;
  consignmentNumber: string | null;
  /**
   * Whose parcel it is, and Waybill's consignment: a service that asks the owner of carrier accounts
   * (carrier-link) for a real carrier's proof of delivery names the account's company and booking.
   */
  company?: string;
  consignmentIdentifier?: string;
}

/**
 * What reads a carrier's tracking without an account: its code table and its native push body. A real
 * carrier's adapter declares it, so the ingest service understands pushes and polled events without
 * ever holding a credential.
 */
export type CarrierTrackingCodec = Pick<CarrierTracking, 'trackingCodes' | 'parseTrackingPush'>;

export type ProofOfDeliveryFileType = 'image/jpeg' | 'image/png' | 'application/pdf' | 'image/svg+xml';

export interface ProofOfDeliveryDocument {
  bytes: Buffer;
  file_type: ProofOfDeliveryFileType;
  proof_of_delivery_type: 'image' | 'signature';
  /** Only when the carrier ties the document to one package. */
  package_tracking_number?: string;
}

export interface CarrierTracking {
  /** The carrier's event codes and the normalised status each means; used when an event has no status. */
  readonly trackingCodes: Readonly<Record<string, TrackingStatus>>;
  /**
   * Recognises the carrier's native push body and returns it in the generic shape, or null when the body
   * is not in the native format (the generic format is read by the ingest service itself). Throws
   * TrackingPushError when the body is native but malformed.
   */
  parseTrackingPush(body: unknown): TrackingPush | null;
  /**
   * Documents proving delivery of a parcel. Throws when the carrier cannot be asked right now (the
   * caller retries); an empty list means the carrier has none for this parcel.
   */
  proofOfDelivery(req: ProofOfDeliveryRequest): Promise<ProofOfDeliveryDocument[]>;
}

/**
 * Tracking a carrier is asked for rather than pushed. A carrier that implements `pollTracking` is
 * polled for its open tracking numbers; one that implements `subscribeTracking` is asked to push.
 */
export interface CarrierTrackingPull {
  /**
   * The carrier's events for these numbers, in the generic shape; numbers it does not know are left out.
   * `carrierReferences` maps a number to its booking's `carrierReference`, for carriers whose status is
   * read by their own identifier (Royal Mail's orders, without tracking API credentials).
   */
  pollTracking?(trackingNumbers: string[], carrierReferences?: Readonly<Record<string, string | null | undefined>>): Promise<PushedTracking[]>;
  /** The most numbers one polling call takes (the carrier's batch size); 1 when it takes one at a time. */
  readonly pollBatchSize?: number;
  /** Asks the carrier to push events for these numbers; answers those it accepted and those it refused. */
  subscribeTracking?(trackingNumbers: string[]): Promise<{ subscribed: string[]; refused: string[] }>;
}
