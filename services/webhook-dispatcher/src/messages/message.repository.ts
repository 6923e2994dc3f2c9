import type { Kysely, Transaction } from 'kysely';
import type { DispatcherDb } from '../database';
import type { MessageRow, MessageType } from './message.table';

type Db = Kysely<DispatcherDb> | Transaction<DispatcherDb>;

/** Stores each event's webhook body once; a second insert of the same event changes nothing. */
export async function insertMessages(db: Db, messages: ReadonlyArray<{ event_id: string; company: string; event_type: MessageType; body: string }>): Promise<void> {
  if (messages.length === 0) return;
  await db.insertInto('messages').values([...messages]).onConflict((oc) => oc.column('event_id').doNothing()).execute();
}

export async function findMessage(db: Db, company: string, eventId: string): Promise<MessageRow | undefined> {
  return db.selectFrom('messages').selectAll().where('company', '=', company).where('event_id', '=', eventId).executeTakeFirst();
}

/**
 * The (event, endpoint) rows that make a send happen, in round 1. Existing rows are left alone (a
 * redelivered event), and only the new ones come back, so only they are sent.
 */
export async function insertDeliveries(db: Db, keys: ReadonlyArray<{ company: string; event_id: string; endpoint_id: string }>): Promise<Array<{ event_id: string; endpoint_id: string }>> {
  if (keys.length === 0) return [];
  return db.insertInto('deliveries')
    .values(keys.map((k) => ({ ...k, state: 'pending' as const })))
    .onConflict((oc) => oc.columns(['event_id', 'endpoint_id']).doNothing())
    .returning(['event_id', 'endpoint_id'])
    .execute();
}
