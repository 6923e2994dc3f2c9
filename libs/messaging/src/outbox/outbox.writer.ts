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
