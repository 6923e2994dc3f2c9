import { sql, type Kysely } from 'kysely';
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

/** Rows per INSERT: well under Postgres' 65,535 bind parameters, and a statement the server plans quickly. */
const BATCH = 500;

/**
 * `writeEvent` for many events at once (a bulk state change, e.g. thousands of consignments manifested
 * together): a few multi-row inserts instead of one round trip per event. Same guarantees and order.
 */
export async function writeEvents<DB>(trx: Kysely<DB>, envelopes: EventEnvelope[]): Promise<void> {
  envelopes.forEach((e) => validateEnvelope(e));
  const db = trx as unknown as Kysely<OutboxDatabase>;
  for (let i = 0; i < envelopes.length; i += BATCH) {
    await db.insertInto('outbox').values(envelopes.slice(i, i + BATCH).map((e) => ({
      id: e.id, type: e.type, company: e.company, payload: sql<string>`${JSON.stringify(e)}::jsonb`,
    }))).execute();
  }
}
