import { sql, type Kysely, type QueryCreator } from 'kysely';
import { validateEnvelope } from '../envelope';
import type { EventEnvelope } from '../types';
import type { OutboxDatabase } from './outbox.table';

/**
 * Records an event in the outbox inside the caller's transaction, so the event exists if and only
 * if the state change commits. Pass the `trx` of that transaction (scoped to the service schema).
 * The relay publishes it after commit; call `relay.nudge()` then for low latency.
 */
export async function writeEvent<DB>(trx: Kysely<DB>, envelope: EventEnvelope): Promise<void> {
  validateEnvelope(envelope);
  const db = trx as unknown as Kysely<OutboxDatabase>;
  await db.insertInto('outbox').values({
    id: envelope.id,
    type: envelope.type,
    company: envelope.company,
    payload: sql<string>`${JSON.stringify(envelope)}::jsonb`,
  }).execute();
}

/**
 * `writeEvent` for many events at once (a bulk state change, e.g. thousands of consignments manifested
 * together): one statement whatever their number, the envelopes travelling as one JSON array that the
 * server unpacks, instead of a bind parameter per column per row. Same guarantees and order.
 */
export async function writeEvents<DB>(trx: Kysely<DB>, envelopes: EventEnvelope[]): Promise<void> {
  if (envelopes.length === 0) return;
  await eventsInsert(trx, eventsJson(envelopes)).execute();
}

/** The envelopes, each validated, as the one JSON parameter of `eventsInsert`. */
export function eventsJson(envelopes: EventEnvelope[]): string {
  envelopes.forEach((e) => validateEnvelope(e));
  return JSON.stringify(envelopes);
}

/**
 * The insert `writeEvents` runs (of `eventsJson(envelopes)`), not yet executed, made from any query creator: chained after
 * `db.with(...)` it lets the state change and its events be one statement (atomic without an explicit
 * transaction, one round trip instead of four).
 */
export function eventsInsert<DB>(qc: QueryCreator<DB>, json: string) {
  return (qc as unknown as QueryCreator<OutboxDatabase>).insertInto('outbox').columns(['id', 'type', 'company', 'payload'])
    .expression(sql`select (e->>'id')::uuid, e->>'type', e->>'company', e
      from jsonb_array_elements(${json}::jsonb) with ordinality as x(e, n) order by n`);
}
