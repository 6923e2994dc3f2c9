/* eslint-disable */
/**
 * GENERATED FILE, do not edit. Source: contracts/webhooks/*.json, via contracts/scripts/generate-types.ts.
 * Change the schemas, then run `pnpm contracts:generate`.
 */

/**
 * Body of the tracking_update webhook (docs/api/webhooks.md): tracking updates received from a carrier, one or more per call. Signed per Standard Webhooks; `event_id` is also the `webhook-id` header and is the same on every attempt.
 */
export interface TrackingUpdateWebhook {
  event_type: 'tracking_update';
  /**
   * Unique event identifier; receivers deduplicate on it.
   */
  event_id: string;
  payload_version: '2025.1';
  /**
   * Identifier of the carrier that provided the update.
   */
  carrier_slug: string;
  /**
   * Number of tracking updates in `trackings`.
   */
  count: number;
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
      description?: string;
      /**
       * Time of the event.
       */
      timestamp: string;
      /**
       * The carrier's own event code.
       */
      carrier_code?: string;
      location?: string;
    }[];
  }[];
}

/**
 * Body of the proof_of_delivery webhook (docs/api/webhooks.md): proof-of-delivery documents retrieved from a carrier. Signed per Standard Webhooks; `event_id` is also the `webhook-id` header and is the same on every attempt.
 */
export interface ProofOfDeliveryWebhook {
  event_type: 'proof_of_delivery';
  /**
   * Unique event identifier; receivers deduplicate on it.
   */
  event_id: string;
  payload_version: '2025.1';
  payload: {
    document_id: string;
    /**
     * Temporary link; expires after 72 hours.
     */
    document_url: string;
    file_type: 'image/jpeg' | 'image/png' | 'application/pdf' | 'image/svg+xml';
    proof_of_delivery_type: 'image' | 'signature';
    consignment_identifier: string;
    order_number: string;
    /**
     * Only when the carrier supplies it with the document.
     */
    package_tracking_number?: string;
    package_reference?: string;
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

/**
 * Body of the test webhook sent by POST /webhooks/endpoints/{id}/test, signed like any other.
 */
export interface TestWebhook {
  event_type: 'test';
  event_id: string;
  payload_version: '2025.1';
  payload: {
    message: string;
  };
}

/**
 * Body of the return_created webhook (docs/api/returns.md): a return was booked for an outbound consignment. Signed per Standard Webhooks; `event_id` is also the `webhook-id` header and is the same on every attempt.
 */
export interface ReturnCreatedWebhook {
  event_type: 'return_created';
  /**
   * Unique event identifier; receivers deduplicate on it.
   */
  event_id: string;
  payload_version: '2025.1';
  payload: {
    /**
     * The return consignment.
     */
    consignment_identifier: string;
    /**
     * The outbound consignment it returns.
     */
    return_for: string;
    order_number: string;
    reason: string | null;
    items: {
      sku: string | null;
      name: string | null;
      quantity: number;
      reason: string | null;
    }[];
    /**
     * Carrier name; null when no carrier accepted the return.
     */
    carrier: string | null;
    service_id: string | null;
    tracking_numbers: string[];
  };
}
