import type {
  ConsignmentReturnCreatedData, PodRetrievedData, ProofOfDeliveryWebhook, ReturnCreatedWebhook, TestWebhook, TrackingUpdatedData, TrackingUpdateWebhook,
} from '@waybill/contracts';
import type { MessageType } from './message.table';

export const PAYLOAD_VERSION = '2025.1';

/** Domain event type → the webhook it becomes. */
export const WEBHOOK_TYPE_OF_EVENT: Record<string, Exclude<MessageType, 'test'>> = {
  'tracking.tracking.updated': 'tracking_update',
  'tracking.pod.retrieved': 'proof_of_delivery',
  'consignment.return.created': 'return_created',
};

/** Copies the named keys that are present and not null: optional webhook fields are omitted, never null. */
function pick<T extends object, K extends keyof T>(from: T, required: readonly K[], optional: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const k of required) out[k] = from[k];
  for (const k of optional) if (from[k] !== undefined && from[k] !== null) out[k] = from[k];
  return out;
}

/**
 * docs/api/webhooks.md. Fields are copied by name, so a field a newer producer adds to the event never leaks
 * into the public body before the webhook contract names it.
 */
export function trackingUpdateBody(eventId: string, data: TrackingUpdatedData): TrackingUpdateWebhook {
  const trackings = data.trackings.map((t) => ({
    ...pick(t, ['tracking_number', 'consignment_identifier', 'consignment_number', 'order_number', 'id', 'carrier'], []),
    events: t.events.map((e) => pick(e, ['status', 'timestamp'], ['description', 'carrier_code', 'location'])),
  })) as TrackingUpdateWebhook['trackings'];
  return {
    event_type: 'tracking_update', event_id: eventId, payload_version: PAYLOAD_VERSION,
    carrier_slug: data.carrier_slug, count: trackings.length, trackings,
  };
}

/** docs/api/webhooks.md. */
export function proofOfDeliveryBody(eventId: string, data: PodRetrievedData): ProofOfDeliveryWebhook {
  const payload = data.documents.map((d) => pick(d,
    ['document_id', 'document_url', 'file_type', 'proof_of_delivery_type', 'consignment_identifier', 'order_number', 'carrier', 'service_id'],
    ['package_tracking_number', 'package_reference'])) as ProofOfDeliveryWebhook['payload'];
  return { event_type: 'proof_of_delivery', event_id: eventId, payload_version: PAYLOAD_VERSION, payload };
}

/** docs/api/returns.md#the-return_created-webhook. */
export function returnCreatedBody(eventId: string, data: ConsignmentReturnCreatedData): ReturnCreatedWebhook {
  const payload = {
    ...pick(data, ['consignment_identifier', 'return_for', 'order_number', 'reason', 'carrier', 'service_id', 'tracking_numbers'], []),
    items: data.items.map((i) => ({ sku: i.sku ?? null, name: i.name ?? null, quantity: i.quantity, reason: i.reason ?? null })),
  };
  return { event_type: 'return_created', event_id: eventId, payload_version: PAYLOAD_VERSION, payload };
}

export function testBody(eventId: string): TestWebhook {
  return {
    event_type: 'test', event_id: eventId, payload_version: PAYLOAD_VERSION,
    payload: { message: 'This is a test webhook from Waybill. Verify its signature with your endpoint secret.' },
  };
}

/** The body of a domain event's webhook, or undefined for a type that has none. */
export function bodyForEvent(type: string, eventId: string, data: unknown): TrackingUpdateWebhook | ProofOfDeliveryWebhook | ReturnCreatedWebhook | undefined {
  if (type === 'tracking.tracking.updated') return trackingUpdateBody(eventId, data as TrackingUpdatedData);
  if (type === 'tracking.pod.retrieved') return proofOfDeliveryBody(eventId, data as PodRetrievedData);
  if (type === 'consignment.return.created') return returnCreatedBody(eventId, data as ConsignmentReturnCreatedData);
  return undefined;
}
