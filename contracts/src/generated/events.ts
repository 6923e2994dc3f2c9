/* eslint-disable */
/**
 * GENERATED FILE, do not edit. Source: contracts/events/*.json, via contracts/scripts/generate-types.ts.
 * Change the schemas, then run `pnpm contracts:generate`.
 */

import type { Consignment, ConsignmentStatus } from './api';

/**
 * Envelope of every domain event. `type` is also the routing key (<context>.<object>.<action>); `data` is checked against the schema of that type. Open to fields added later: consumers ignore what they do not know.
 */
export interface EventEnvelope {
  /**
   * Unique per event; consumers deduplicate on it.
   */
  id: string;
  /**
   * e.g. consignment.consignment.allocated.
   */
  type: string;
  occurred_at: string;
  /**
   * Slug of the company the event belongs to.
   */
  company: string;
  data: {
    [k: string]: unknown;
  };
  /**
   * W3C trace context of the operation that caused the event.
   */
  trace?: {
    traceparent?: string;
    tracestate?: string;
  };
}

/**
 * Data of consignment.consignment.created.
 */
export interface ConsignmentCreatedData {
  /**
   * The consignment after the change.
   */
  consignment: Consignment;
}

/**
 * Data of consignment.consignment.updated: any change made through PUT.
 */
export interface ConsignmentUpdatedData {
  /**
   * The consignment after the change.
   */
  consignment: Consignment;
}

/**
 * Data of consignment.consignment.allocated: a carrier accepted the booking.
 */
export interface ConsignmentAllocatedData {
  /**
   * The consignment after the change.
   */
  consignment: Consignment;
  /**
   * `<carrier name>|<service name>` of the booked service.
   */
  service_id: string;
  /**
   * Carrier shipment number, when the carrier gives one.
   */
  consignment_number: string | null;
}

/**
 * Data of consignment.consignment.unallocated: the carrier booking was released.
 */
export interface ConsignmentUnallocatedData {
  /**
   * The consignment after the change.
   */
  consignment: Consignment;
}

/**
 * Data of consignment.consignment.cancelled.
 */
export interface ConsignmentCancelledData {
  /**
   * The consignment after the change.
   */
  consignment: Consignment;
}

/**
 * Data of consignment.consignment.status_changed.
 */
export interface ConsignmentStatusChangedData {
  /**
   * The consignment after the change.
   */
  consignment: Consignment;
  from: ConsignmentStatus;
  to: ConsignmentStatus;
}

/**
 * Data of tracking.tracking.updated: tracking updates of one carrier push, already matched to consignments of the envelope's company. The webhook dispatcher turns it into a tracking_update webhook (SPEC.md 6.2).
 */
export interface TrackingUpdatedData {
  /**
   * Identifier of the carrier that pushed the updates.
   */
  carrier_slug: string;
  trackings: {
    tracking_number: string;
    consignment_identifier: string;
    consignment_number: string;
    order_number: string;
    /**
     * Internal parcel id of the tracking system.
     */
    id: number;
    /**
     * Carrier name.
     */
    carrier: string;
    events: {
      /**
       * Normalised status, e.g. IN_TRANSIT.
       */
      status: string;
      description?: string | null;
      timestamp: string;
      carrier_code?: string | null;
      location?: string | null;
    }[];
  }[];
}

/**
 * Data of tracking.pod.retrieved: proof-of-delivery documents retrieved from a carrier for consignments of the envelope's company. The webhook dispatcher turns it into a proof_of_delivery webhook (SPEC.md 6.1).
 */
export interface PodRetrievedData {
  documents: {
    document_id: string;
    /**
     * Temporary link; expires after 72 hours.
     */
    document_url: string;
    file_type: 'image/jpeg' | 'image/png' | 'application/pdf' | 'image/svg+xml';
    proof_of_delivery_type: 'image' | 'signature';
    consignment_identifier: string;
    order_number: string;
    package_tracking_number?: string | null;
    package_reference?: string | null;
    /**
     * Carrier name.
     */
    carrier: string;
    /**
     * <carrier name>|<service name>.
     */
    service_id: string;
  }[];
}
