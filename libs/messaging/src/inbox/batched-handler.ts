import type { Kysely, Transaction } from 'kysely';
import type { EventEnvelope, EventHandler } from '../types';
import type { InboxDatabase } from './inbox.table';

export interface BatchOptions {
  /** Events folded into one transaction at most; keep it at or below the subscription's prefetch. */
  maxBatch: number;
  /** How long the first event of a batch waits for others to join it. */
  maxWaitMs: number;
}

interface Waiting {
  event: EventEnvelope;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Like `idempotent`, but many events share one transaction: each delivery waits (unacknowledged) until
 * its batch commits, so a read model fed by a busy stream costs one transaction per batch instead of one
 * per event. The inbox rows and the handler's writes commit together; events already in the inbox are
 * left out of the batch; if the batch fails, every event in it fails and the broker delivers it again.
 */
export function batchedIdempotent<DB>(
  database: { db: Kysely<DB> },
  consumerName: string,
  opts: BatchOptions,
  handler: (trx: Transaction<DB>, events: EventEnvelope[]) => Promise<void>,
): EventHandler & { flush(): Promise<void> } {
  let waiting: Waiting[] = [];
  let timer: NodeJS.Timeout | undefined;

  async function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const batch = waiting;
    waiting = [];
    if (batch.length === 0) return;
    try {
      await database.db.transaction().execute(async (trx) => {
        const inbox = trx as unknown as Transaction<InboxDatabase>;
        const ids = [...new Set(batch.map((w) => w.event.id))];
        const fresh = await inbox.insertInto('inbox')
          .values(ids.map((id) => ({ event_id: id, consumer: consumerName })))
          .onConflict((oc) => oc.doNothing())
          .returning('event_id')
          .execute();
        const freshIds = new Set(fresh.map((r) => r.event_id));
        const events = batch.map((w) => w.event).filter((e) => freshIds.delete(e.id));
        if (events.length > 0) await handler(trx, events);
      });
      for (const w of batch) w.resolve();
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
  }

  const handle = (event: EventEnvelope) => new Promise<void>((resolve, reject) => {
    waiting.push({ event, resolve, reject });
    if (waiting.length >= opts.maxBatch) void flush();
    else if (!timer) timer = setTimeout(() => void flush(), opts.maxWaitMs);
  });
  return Object.assign(handle, { flush });
}
