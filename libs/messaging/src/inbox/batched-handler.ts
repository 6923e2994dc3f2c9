import type { Kysely, Transaction } from 'kysely';
import type { EventEnvelope } from '../types';
import type { InboxDatabase } from './inbox.table';

export interface BatchOptions {
  /** Events folded into one transaction at most; keep it at or below the subscription's prefetch. */
  maxBatch: number;
  /** How long the first event of a batch waits for others to join it. */
  maxWaitMs: number;
}

interface Waiting<R> {
  event: EventEnvelope;
  resolve: (result: R | undefined) => void;
  reject: (err: unknown) => void;
}

/**
 * Like `idempotent`, but many events share one transaction: each delivery waits (unacknowledged) until
 * its batch commits, so a read model fed by a busy stream costs one transaction per batch instead of one
 * per event. The inbox rows and the handler's writes commit together; events already in the inbox are
 * left out of the batch. If a batch fails, its events are applied again one by one, each in its own
 * transaction, so one event that cannot be applied fails alone and the others commit (in their order).
 * `maxWaitMs: 0` waits for nothing but the deliveries that arrived with the first (same I/O turn).
 * The handler may return a result per event id: each delivery resolves with its event's result from
 * the transaction that committed it (work to do after commit), never from one rolled back.
 */
export function batchedIdempotent<DB, R = void>(
  database: { db: Kysely<DB> },
  consumerName: string,
  opts: BatchOptions,
  handler: (trx: Transaction<DB>, events: EventEnvelope[]) => Promise<ReadonlyMap<string, R> | void>,
): ((event: EventEnvelope) => Promise<R | undefined>) & { flush(): Promise<void> } {
  let waiting: Waiting<R>[] = [];
  let timer: NodeJS.Timeout | NodeJS.Immediate | undefined;

  async function apply(batch: Waiting<R>[]): Promise<ReadonlyMap<string, R> | void> {
    return database.db.transaction().execute(async (trx) => {
      const inbox = trx as unknown as Transaction<InboxDatabase>;
      const ids = [...new Set(batch.map((w) => w.event.id))];
      const fresh = await inbox.insertInto('inbox')
        .values(ids.map((id) => ({ event_id: id, consumer: consumerName })))
        .onConflict((oc) => oc.doNothing())
        .returning('event_id')
        .execute();
      const freshIds = new Set(fresh.map((r) => r.event_id));
      const events = batch.map((w) => w.event).filter((e) => freshIds.delete(e.id));
      return events.length > 0 ? handler(trx, events) : undefined;
    });
  }

  async function flush(): Promise<void> {
    cancelTimer();
    const batch = waiting;
    waiting = [];
    if (batch.length === 0) return;
    try {
      const results = await apply(batch);
      // A duplicate delivered in the same batch had no effect of its own: no result for it.
      const given = new Set<string>();
      for (const w of batch) {
        w.resolve(given.has(w.event.id) ? undefined : results?.get(w.event.id));
        given.add(w.event.id);
      }
    } catch (err) {
      if (batch.length === 1) return batch[0].reject(err);
      for (const w of batch) {
        try {
          w.resolve((await apply([w]))?.get(w.event.id));
        } catch (alone) {
          w.reject(alone);
        }
      }
    }
  }

  function cancelTimer(): void {
    if (timer) {
      clearTimeout(timer as NodeJS.Timeout);
      clearImmediate(timer as NodeJS.Immediate);
    }
    timer = undefined;
  }

  const handle = (event: EventEnvelope) => new Promise<R | undefined>((resolve, reject) => {
    waiting.push({ event, resolve, reject });
    if (waiting.length >= opts.maxBatch) void flush();
    else if (!timer) timer = opts.maxWaitMs > 0 ? setTimeout(() => void flush(), opts.maxWaitMs) : setImmediate(() => void flush());
  });
  return Object.assign(handle, { flush });
}
