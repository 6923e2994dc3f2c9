import type { Transaction } from 'kysely';
import type { EventEnvelope } from '@waybill/messaging';
import type { DispatcherDb } from '../database';
import { subscribedEndpoints } from '../endpoints/endpoint.repository';
import { insertDeliveries, insertMessage } from './message.repository';
import { bodyForEvent, WEBHOOK_TYPE_OF_EVENT } from './webhook-bodies';

/**
 * Turns a domain event into one message (its exact webhook body) and one delivery per enabled
 * endpoint of the event's company subscribed to its type, inside the consumer's inbox transaction.
 * Returns the endpoints that got a new delivery, to be enqueued once it commits.
 */
export async function fanOut(trx: Transaction<DispatcherDb>, event: EventEnvelope): Promise<string[]> {
  const type = WEBHOOK_TYPE_OF_EVENT[event.type];
  const body = bodyForEvent(event.type, event.id, event.data);
  if (!type || !body) return [];
  const endpoints = await subscribedEndpoints(trx, event.company, type);
  // Nobody listens: nothing is stored (an endpoint added later receives later events).
  if (endpoints.length === 0) return [];
  await insertMessage(trx, { event_id: event.id, company: event.company, event_type: type, body: JSON.stringify(body) });
  return insertDeliveries(trx, event.company, event.id, endpoints.map((e) => e.id));
}
