import type { Kysely, Transaction } from 'kysely';
import type { EventEnvelope } from '../types';
import type { OutboxDatabase } from './outbox.table';

export interface PendingEvent {
  id: string;
  payload: EventEnvelope;
}

/**
 * Locks the oldest unpublished rows for this transaction. `skip locked` lets several relay replicas
 * work side by side: each takes rows no other replica holds, and none waits for another.
 */
export async function claimPending(trx: Transaction<OutboxDatabase>, limit: number): Promise<PendingEvent[]> {
  const rows = await trx.selectFrom('outbox')
    .select(['id', 'payload'])
    .where('published_at', 'is', null)
    .orderBy('created_at').orderBy('seq')
    .limit(limit)
    .forUpdate().skipLocked()
    .execute();
  return rows.map((r) => ({ id: r.id, payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload }));
}

export async function markPublished(trx: Transaction<OutboxDatabase>, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await trx.updateTable('outbox').set({ published_at: new Date() }).where('id', 'in', ids).execute();
}

export async function recordFailures(trx: Transaction<OutboxDatabase>, ids: string[], error: string): Promise<void> {
  if (ids.length === 0) return;
  await trx.updateTable('outbox')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error.slice(0, 2000) }))
    .where('id', 'in', ids)
    .execute();
}

export async function deletePublishedBefore(db: Kysely<OutboxDatabase>, cutoff: Date): Promise<number> {
  const res = await db.deleteFrom('outbox').where('published_at', '<', cutoff).executeTakeFirst();
  return Number(res.numDeletedRows ?? 0);
}
