import type { Kysely, Transaction } from 'kysely';
import type { EventEnvelope, EventHandler } from '../types';
import type { InboxDatabase } from './inbox.table';

/**
 * Wraps a handler so that an event redelivered by the broker (at-least-once delivery, a relay
 * republishing after a crash, a retry) has one effect. The inbox row and the handler's writes commit
 * together: if the handler throws, neither happens and the retry runs it again. Do every write of
 * the handler through `trx`; a side effect outside the database (HTTP call) should instead be
 * enqueued as a job with the event id as job id.
 */
export function idempotent<DB>(
  database: { db: Kysely<DB> },
  consumerName: string,
  handler: (trx: Transaction<DB>, event: EventEnvelope) => Promise<void>,
): EventHandler {
  return async (event) => {
    await database.db.transaction().execute(async (trx) => {
      const inbox = trx as unknown as Transaction<InboxDatabase>;
      // A concurrent duplicate blocks on this insert until the first commits, then finds the row.
      const fresh = await inbox.insertInto('inbox')
        .values({ event_id: event.id, consumer: consumerName })
        .onConflict((oc) => oc.doNothing())
        .returning('event_id')
        .executeTakeFirst();
      if (!fresh) return;
      await handler(trx, event);
    });
  };
}
