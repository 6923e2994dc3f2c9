import { validateEvent, firstErrorDetail, EventType } from '@waybill/contracts';
import { batchedIdempotent, type EventBus, type Subscription } from '@waybill/messaging';
import type { DispatcherDb } from '../database';
import type { DispatcherDeps } from '../deps';
import type { DeliveryPump } from '../delivery/delivery.pump';
import { fanOut } from '../messages/fan-out';

export const TRACKING_EVENTS_QUEUE = 'webhook-dispatcher.tracking-events';
const CONSUMER = 'webhook-dispatcher.fan-out';

/**
 * Events fanned out per transaction at most (and the subscription's prefetch). No wait: a batch is what
 * the broker delivered together, so a quiet stream goes event by event at once, and a burst costs one
 * transaction (six statements) per batch instead of one per event.
 */
export const FAN_OUT_BATCH = { maxBatch: 50, maxWaitMs: 0 };

/**
 * Tracking updates and proof-of-delivery documents of tracking-ingest become webhooks. The inbox
 * makes a redelivered event (broker redelivery, relay republish) a no-op, and the delivery rows'
 * keys make a second fan-out impossible even without it. Events delivered together share one inbox
 * transaction; a batch that fails is applied again event by event, so a poison event fails alone.
 * New deliveries go to the pump, not to a job each: a delivery the pump never gets to (a crash) is
 * pending in the database, where the sweeper finds it.
 */
export async function startTrackingEventsConsumer(deps: DispatcherDeps, bus: EventBus, pump: DeliveryPump, queue = TRACKING_EVENTS_QUEUE): Promise<Subscription> {
  const fanOutOnce = batchedIdempotent<DispatcherDb, string[]>(deps, CONSUMER, FAN_OUT_BATCH, fanOut);
  return bus.subscribe({
    queue,
    // Returns booked by the consignment service become return_created webhooks (docs/api/returns.md).
    bindings: [EventType.TrackingUpdated, EventType.PodRetrieved, EventType.ReturnCreated],
    prefetch: FAN_OUT_BATCH.maxBatch,
    handler: async (event) => {
      const check = validateEvent(event);
      // Poison: retrying cannot fix it, and the dead-letter queue keeps it for an operator.
      if (!check.ok) throw new Error(`invalid ${event.type} event ${event.id}: ${firstErrorDetail(check.errors)}`);
      const created = (await fanOutOnce(event)) ?? [];
      // Committed: the pump claims, sends and records them in batches with other events' deliveries.
      pump.submit(created.map((endpoint_id) => ({ company: event.company, event_id: event.id, endpoint_id })));
    },
  });
}
