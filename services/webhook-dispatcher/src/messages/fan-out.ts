import type { Transaction } from 'kysely';
import type { EventEnvelope } from '@waybill/messaging';
import type { DispatcherDb } from '../database';
import { subscribersOf } from '../endpoints/endpoint.repository';
import { insertDeliveries, insertMessages } from './message.repository';
import { bodyForEvent, WEBHOOK_TYPE_OF_EVENT } from './webhook-bodies';

/**
 * Turns domain events into messages (each its exact webhook body) and one delivery per enabled
 * endpoint of the event's company subscribed to its type, inside the consumer's inbox transaction:
 * three statements for the whole batch, whatever its size. Answers, by event id, the endpoints that got
 * a new delivery, to be handed to the pump once it commits.
 */
export async function fanOut(trx: Transaction<DispatcherDb>, events: readonly EventEnvelope[]): Promise<Map<string, string[]>> {
  const webhooks = events.flatMap((event) => {
    const type = WEBHOOK_TYPE_OF_EVENT[event.type];
    const body = bodyForEvent(event.type, event.id, event.data);
    return type && body ? [{ event, type, body }] : [];
  });
  const created = new Map<string, string[]>();
  if (webhooks.length === 0) return created;
  const subscribers = await subscribersOf(trx, [...new Set(webhooks.map((w) => w.event.company))]);
  const fanned = webhooks.map((w) => ({
    ...w,
    endpoints: subscribers.filter((e) => e.company === w.event.company && e.event_types.includes(w.type)).map((e) => e.id),
  }))
    // Nobody listens: nothing is stored (an endpoint added later receives later events).
    .filter((w) => w.endpoints.length > 0);
  if (fanned.length === 0) return created;
  await insertMessages(trx, fanned.map((w) => ({ event_id: w.event.id, company: w.event.company, event_type: w.type, body: JSON.stringify(w.body) })));
  const inserted = await insertDeliveries(trx, fanned.flatMap((w) => w.endpoints.map((endpoint_id) => ({ company: w.event.company, event_id: w.event.id, endpoint_id }))));
  for (const d of inserted) created.set(d.event_id, [...(created.get(d.event_id) ?? []), d.endpoint_id]);
  return created;
}
