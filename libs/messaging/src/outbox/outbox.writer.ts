import { sql, type Kysely } from 'kysely';
import { validateEnvelopeShape } from '../envelope';
import type { EventEnvelope } from '../types';
import type { OutboxDatabase } from './outbox.table';

/** Rows per INSERT: 4 parameters each, well under Postgres' 65,535 parameters per statement. */
const ROWS_PER_INSERT = 1000;

/**
 * Records an event in the outbox inside the caller's transaction, so the event exists if and only
 * if the state change commits. Pass the `trx` of that transaction (scoped to the service schema).
 * The relay publishes it after commit; call `relay.nudge()` then for low latency.
 */
export async function writeEvent<DB>(trx: Kysely<DB>, envelope: EventEnvelope): Promise<void> {
  await writeEvents(trx, [envelope]);
}

/**
 * Several events of one transaction in one statement, in the given order (`seq` follows it). A batch
 * operation writes one round trip instead of one per event, which is most of its time otherwise.
 */
export async function writeEvents<DB>(trx: Kysely<DB>, envelopes: EventEnvelope[]): Promise<void> {
  for (const e of envelopes) validateEnvelopeShape(e);
  const db = trx as unknown as Kysely<OutboxDatabase>;
  for (let i = 0; i < envelopes.length; i += ROWS_PER_INSERT) {
    await db.insertInto('outbox').values(envelopes.slice(i, i + ROWS_PER_INSERT).map((e) => ({
      id: e.id,
      type: e.type,
      company: e.company,
      payload: sql<string>`${JSON.stringify(e)}::jsonb`,
    }))).execute();
  }
}
