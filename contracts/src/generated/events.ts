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
 * Data of delivery_options.rules.changed: a company's delivery rules or settings changed; every replica drops its compiled copy.
 */
export interface DeliveryRulesChangedData {
  change: 'rule.created' | 'rule.updated' | 'rule.deleted' | 'settings.updated';
  /**
   * The rule concerned; null for settings.
   */
  rule_id?: string | null;
}

/**
 * Data of documents.labels.printed: the labels of an Allocated consignment were fetched. The consignment service moves it to Printed.
 */
export interface DocumentsLabelsPrintedData {
  /**
   * The consignment whose labels were fetched.
   */
  consignment_identifier: string;
}
