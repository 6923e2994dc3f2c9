import type { Kysely, Transaction } from 'kysely';
import type { DispatcherDb } from '../database';
import type { MessageRow, MessageType } from './message.table';

type Db = Kysely<DispatcherDb> | Transaction<DispatcherDb>;

/** Stores an event's webhook body once; a second insert of the same event changes nothing. */
export async function insertMessage(db: Db, m: { event_id: string; company: string; event_type: MessageType; body: string }): Promise<void> {
  await db.insertInto('messages').values(m).onConflict((oc) => oc.column('event_id').doNothing()).execute();
}

export async function findMessage(db: Db, company: string, eventId: string): Promise<MessageRow | undefined> {
  return db.selectFrom('messages').selectAll().where('company', '=', company).where('event_id', '=', eventId).executeTakeFirst();
}

/**
 * The (event, endpoint) rows that make a send happen, in round 1. Existing rows are left alone (a
 * redelivered event), and only the new ones come back, so only they get a job.
 */
export async function insertDeliveries(db: Db, company: string, eventId: string, endpointIds: string[]): Promise<string[]> {
  if (endpointIds.length === 0) return [];
  const rows = await db.insertInto('deliveries')
    .values(endpointIds.map((endpoint_id) => ({ event_id: eventId, endpoint_id, company, state: 'pending' as const })))
    .onConflict((oc) => oc.columns(['event_id', 'endpoint_id']).doNothing())
    .returning('endpoint_id')
    .execute();
  return rows.map((r) => r.endpoint_id);
}
