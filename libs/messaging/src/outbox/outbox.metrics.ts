import { sql, type Kysely } from 'kysely';
import { registerGaugeSource } from '@waybill/telemetry';
import type { OutboxDatabase } from './outbox.table';

/**
 * Outbox lag, read at scrape time: how many committed events wait for the broker and how old the
 * oldest is. A growing age means the relay cannot publish (broker down, or falling behind).
 */
export function registerOutboxMetrics(db: Kysely<OutboxDatabase>, service: string): () => void {
  let last: Promise<{ count: number; age: number }> | undefined;
  // Both gauges are read in one scrape; one query serves them.
  const read = () => {
    last ??= pendingStats(db).finally(() => { setImmediate(() => { last = undefined; }); });
    return last;
  };
  const offCount = registerGaugeSource('waybill_outbox_pending_events', 'Committed events not yet published', ['service'],
    async () => [{ labels: { service }, value: (await read()).count }]);
  const offAge = registerGaugeSource('waybill_outbox_oldest_pending_age_seconds', 'Age of the oldest unpublished event (0 when none)', ['service'],
    async () => [{ labels: { service }, value: (await read()).age }]);
  return () => { offCount(); offAge(); };
}

async function pendingStats(db: Kysely<OutboxDatabase>): Promise<{ count: number; age: number }> {
  const row = await db.selectFrom('outbox')
    .select([
      sql<string>`count(*)`.as('count'),
      sql<string | null>`extract(epoch from (now() - min(created_at)))`.as('age'),
    ])
    .where('published_at', 'is', null)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), age: Math.max(0, Number(row.age ?? 0)) };
}
