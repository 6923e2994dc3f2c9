import { EventType, firstErrorDetail, validateEvent, type Consignment } from '@waybill/contracts';
import { idempotent, type EventBus, type EventEnvelope, type Subscription } from '@waybill/messaging';
import type { Transaction } from 'kysely';
import type { NotificationEvent, NotificationsDb, RecipientTable } from '../database';
import type { NotificationsDeps } from '../deps';
import { recipientOf, upsertRecipient } from '../recipients/recipient.projection';
import { planNotification } from '../sending/notification.planner';
import { sendFirst } from '../sending/send.job';

export const EVENTS_QUEUE = 'notifications.events';
const CONSUMER = 'notifications.plan';

const CONSIGNMENT_EVENTS = [
  EventType.ConsignmentCreated, EventType.ConsignmentUpdated, EventType.ConsignmentAllocated,
  EventType.ConsignmentUnallocated, EventType.ConsignmentCancelled, EventType.ConsignmentStatusChanged,
];
const STATUS_EVENT: Record<string, NotificationEvent> = { Despatched: 'despatched', Delivered: 'delivered', Exception: 'exception' };

interface TrackingData { trackings: Array<{ consignment_identifier: string; events: Array<{ status: string }> }> }

/** The e-mails an event calls for, after keeping the recipients read model up to date. */
async function plan(deps: NotificationsDeps, trx: Transaction<NotificationsDb>, event: EventEnvelope): Promise<string[]> {
  const created: string[] = [];
  const want = async (identifier: string, kind: NotificationEvent, known?: RecipientTable) => {
    const id = await planNotification(trx, deps.keys, event.company, identifier, kind, known);
    if (id) created.push(id);
  };
  if (event.type === EventType.TrackingUpdated) {
    const data = event.data as TrackingData;
    const out = new Set(data.trackings.filter((t) => t.events.some((e) => e.status === 'OUT_FOR_DELIVERY')).map((t) => t.consignment_identifier));
    for (const identifier of out) await want(identifier, 'out_for_delivery');
    return created;
  }
  const data = event.data as { consignment: Consignment; to?: string };
  const c = data.consignment;
  const cancelled = event.type === EventType.ConsignmentCancelled || c.current_status?.status === 'Cancelled';
  const recipient = recipientOf(event.company, c, new Date(event.occurred_at), cancelled);
  await upsertRecipient(trx, recipient);
  // A return is booked at once, so its creation is its booking (stored with its return_created event).
  const kind = recipient.is_return
    ? (event.type === EventType.ConsignmentCreated && !cancelled ? 'return_created' : undefined)
    : (event.type === EventType.ConsignmentStatusChanged && data.to ? STATUS_EVENT[data.to] : undefined);
  // The event carries the consignment as it is now: no need to read it back.
  if (kind) await want(c.identifier, kind, recipient);
  return created;
}

/**
 * Consignment events keep the recipients read model; a status change to Despatched, Delivered or
 * Exception, and a carrier's out-for-delivery scan, may call for an e-mail. The inbox makes a
 * redelivered event a no-op, and the e-mail rows' unique key makes a second e-mail impossible even
 * without it. The first attempt is made once the decision is committed, the rest by a job; one decided
 * but never attempted (a crash in between) is queued by the sweeper.
 */
export async function startEventsConsumer(deps: NotificationsDeps, bus: EventBus, queue = EVENTS_QUEUE): Promise<Subscription> {
  return bus.subscribe({
    queue,
    bindings: [...CONSIGNMENT_EVENTS, EventType.TrackingUpdated],
    prefetch: 20,
    handler: async (event) => {
      const check = validateEvent(event);
      if (!check.ok) throw new Error(`invalid ${event.type} event ${event.id}: ${firstErrorDetail(check.errors)}`);
      let created: string[] = [];
      await idempotent(deps as { db: NotificationsDeps['db'] }, CONSUMER, async (trx, e) => { created = await plan(deps, trx, e); })(event);
      await Promise.all(created.map((id) => sendFirst(deps, id)));
    },
  });
}
