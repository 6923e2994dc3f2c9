import { validateEvent, firstErrorDetail, EventType } from '@waybill/contracts';
import { idempotent, type EventBus, type EventEnvelope, type Subscription } from '@waybill/messaging';
import type { DispatcherDeps } from '../deps';
import type { DeliveryPump } from '../delivery/delivery.pump';
import { fanOut } from '../messages/fan-out';

export const TRACKING_EVENTS_QUEUE = 'webhook-dispatcher.tracking-events';
const CONSUMER = 'webhook-dispatcher.fan-out';

/**
 * Tracking updates and proof-of-delivery documents of tracking-ingest become webhooks. The inbox
 * makes a redelivered event (broker redelivery, relay republish) a no-op, and the delivery rows'
 * keys make a second fan-out impossible even without it. New deliveries go to the pump, not to a job
 * each: a delivery the pump never gets to (a crash) is pending in the database, where the sweeper finds it.
 */
export async function startTrackingEventsConsumer(deps: DispatcherDeps, bus: EventBus, pump: DeliveryPump, queue = TRACKING_EVENTS_QUEUE): Promise<Subscription> {
  const fanOutOnce = (event: EventEnvelope, created: string[]) =>
    idempotent(deps, CONSUMER, async (trx, e) => { created.push(...(await fanOut(trx, e))); })(event);
  return bus.subscribe({
    queue,
    bindings: [EventType.TrackingUpdated, EventType.PodRetrieved],
    prefetch: 50,
    handler: async (event) => {
      const check = validateEvent(event);
      // Poison: retrying cannot fix it, and the dead-letter queue keeps it for an operator.
      if (!check.ok) throw new Error(`invalid ${event.type} event ${event.id}: ${firstErrorDetail(check.errors)}`);
      const created: string[] = [];
      await fanOutOnce(event, created);
      // Committed: the pump claims, sends and records them in batches with other events' deliveries.
      pump.submit(created.map((endpoint_id) => ({ company: event.company, event_id: event.id, endpoint_id })));
    },
  });
}
