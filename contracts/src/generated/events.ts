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
 * Data of consignment.consignment.erased: the consignment's recipient's personal data was erased (on request or by the retention sweep), and every service holding a copy erases its own. Carries no personal data itself.
 */
export interface ConsignmentErasedData {
  identifier: string;
  consignment_number?: string | null;
  /**
   * The packages' tracking numbers, so a service keyed by them finds its copies.
   */
  tracking_numbers?: string[];
  erased_at: string;
  /**
   * A data subject's request (POST .../erase) or the retention period's end.
   */
  reason?: 'request' | 'retention';
}

/**
 * Data of consignment.return.created: a return was booked for an outbound consignment (docs/api/returns.md); the webhook dispatcher sends it as the return_created webhook.
 */
export interface ConsignmentReturnCreatedData {
  consignment_identifier: string;
  return_for: string;
  order_number: string;
  reason: string | null;
  items: {
    sku?: string | null;
    name?: string | null;
    quantity: number;
    reason?: string | null;
  }[];
  carrier: string | null;
  service_id: string | null;
  tracking_numbers: string[];
}

/**
 * Data of delivery_options.rules.changed: a company's delivery rules, settings or rate sheets changed; every replica drops its compiled copy.
 */
export interface DeliveryRulesChangedData {
  change:
    | 'rule.created'
    | 'rule.updated'
    | 'rule.deleted'
    | 'settings.updated'
    | 'rate_sheet.created'
    | 'rate_sheet.updated'
    | 'rate_sheet.deleted';
  /**
   * The rule concerned; null for settings and rate sheets.
   */
  rule_id?: string | null;
  /**
   * The rate sheet concerned, for rate_sheet changes.
   */
  rate_sheet_id?: string | null;
}

/**
 * Data of documents.labels.printed: the labels of an Allocated consignment were fetched. The consignment service moves it to Printed.
 */
export interface DocumentsLabelsPrintedData {
  /**
   * The consignment whose labels were fetched: Waybill's 32 hex characters or the client's own identifier.
   */
  consignment_identifier: string;
}

/**
 * Data of manifest.manifest.failed: a manifest failed for good (GET .../documents answers 409 with `reason`). When the carrier never accepted it (`carrier_reference` null) its consignments are not with the carrier, and the consignment service releases them: back to Allocated or Printed, free to be changed, cancelled or manifested again.
 */
export interface ManifestFailedData {
  manifest_id: string;
  /**
   * Why, as GET .../documents reports it.
   */
  reason: string;
  /**
   * The carrier's reference when the carrier had accepted the manifest (only its document failed); null when the carrier refused it or was never reached.
   */
  carrier_reference: string | null;
}

/**
 * Data of tracking.tracking.updated: the new events of one carrier push for the parcels of one company (the envelope's company), i.e. the body of the tracking_update webhook (docs/api/webhooks.md) without event_type, event_id, payload_version and count. Only events stored for the first time appear; a tracking without any is left out, and a push with nothing new publishes no event.
 */
export interface TrackingUpdatedData {
  /**
   * Identifier of the carrier that pushed the update.
   */
  carrier_slug: string;
  /**
   * One entry per parcel with new events; never empty.
   */
  trackings: {
    tracking_number: string;
    consignment_identifier: string;
    /**
     * Cut to 255 characters.
     */
    consignment_number: string;
    order_number: string;
    /**
     * Internal id of the tracked parcel, stable across updates.
     */
    id: number;
    /**
     * Carrier name, cut to 50 characters.
     */
    carrier: string;
    /**
     * In timestamp order, oldest first; never empty.
     */
    events: {
      status:
        | 'INFO_RECEIVED'
        | 'IN_TRANSIT'
        | 'OUT_FOR_DELIVERY'
        | 'DELIVERED'
        | 'DELIVERY_FAILED'
        | 'EXCEPTION'
        | 'RETURNED';
      /**
       * Absent when the carrier gave none.
       */
      description?: string;
      /**
       * UTC, without zone designator, e.g. 2026-11-22T10:15:00.
       */
      timestamp: string;
      /**
       * Absent when the carrier gave none.
       */
      carrier_code?: string;
      /**
       * Absent when the carrier gave none.
       */
      location?: string;
    }[];
  }[];
}

/**
 * Data of tracking.pod.retrieved: proof-of-delivery documents retrieved from the carrier for one parcel; `documents` is the `payload` array of the proof_of_delivery webhook (docs/api/webhooks.md).
 */
export interface PodRetrievedData {
  /**
   * The documents of one parcel; never empty.
   */
  documents: {
    document_id: string;
    /**
     * Absolute, signed link that needs no other credentials; answers 410 once 72 hours have passed since retrieval.
     */
    document_url: string;
    file_type: 'image/jpeg' | 'image/png' | 'application/pdf' | 'image/svg+xml';
    proof_of_delivery_type: 'image' | 'signature';
    consignment_identifier: string;
    /**
     * Cut to 255 characters.
     */
    order_number: string;
    /**
     * Only when the carrier ties the document to one package.
     */
    package_tracking_number?: string;
    /**
     * The package's own reference, when it has one; cut to 255 characters.
     */
    package_reference?: string;
    /**
     * Carrier name.
     */
    carrier: string;
    /**
     * `<carrier name>|<service name>`.
     */
    service_id: string;
  }[];
}

/**
 * Data of tracking.consignment.progressed: what the carrier's tracking says the consignment's status is now. The consignment service owns the status and decides whether to apply it (tracking enabled, never backwards, never out of Cancelled).
 */
export interface TrackingConsignmentProgressedData {
  consignment_identifier: string;
  status: 'Despatched' | 'Delivered' | 'Exception';
  /**
   * Timestamp of the latest carrier event the status is based on; a progress older than the last one applied is stale.
   */
  occurred_at: string;
}

/**
 * Data of carrier_link.tracking.polled: what one poll of a real carrier's tracking API found for tracking numbers of one account (the envelope's company), in the generic push shape of docs/api/tracking.md. tracking-ingest puts these events through the same pipeline as pushes (deduplication, never backwards, webhooks, tracking page); repeats of events it already holds count as duplicates there.
 */
export interface CarrierTrackingPolledData {
  /**
   * Identifier of the carrier polled (`ups`, `royalmail`, `dhl_express`).
   */
  carrier: string;
  /**
   * The carrier account the numbers were polled through.
   */
  account_id?: string;
  /**
   * Numbers with at least one event, as the carrier reported them; never empty.
   *
   * @maxItems 1000
   */
  trackings: {
    tracking_number: string;
    events: {
      carrier_code?: string | null;
      status?: string | null;
      description?: string | null;
      timestamp: string;
      location?: string | null;
    }[];
  }[];
}
