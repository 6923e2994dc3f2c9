import type { Kysely } from 'kysely';
import type { Logger } from '@waybill/logger';
import type { EventBus } from '../types';
import { publishTraced } from '../tracing';
import { registerOutboxMetrics } from './outbox.metrics';
import { claimPending, deletePublishedBefore, markPublished, recordFailures } from './outbox.repository';
import type { OutboxDatabase } from './outbox.table';

/**
 * How long a nudge waits for more commits to join its batch. Under load every request commits events;
 * publishing each on its own costs a transaction and a confirm per event, while a few milliseconds'
 * wait publishes tens of them in one.
 */
export const NUDGE_COALESCE_MS = 3;

export interface OutboxRelayOptions {
  /** The `{db, schema}` object from `openDatabase` of the service that owns the outbox. */
  database: { db: Kysely<any> };
  bus: EventBus;
  logger: Logger;
  pollIntervalMs?: number;
  batchSize?: number;
  /** Published rows are kept this long (for inspection), then deleted. Default 1 day. */
  retentionMs?: number;
  /** How often the relay deletes rows past retention. Default 1 min. */
  purgeIntervalMs?: number;
  /** Upper bound of the backoff while publishing fails. Default 10 s. */
  maxBackoffMs?: number;
}

/**
 * Publishes committed outbox rows. Polling makes delivery survive crashes and broker outages;
 * `nudge()` right after a commit makes the common case fast. Each batch is claimed, published with
 * confirms and marked in one short transaction, so a row is marked only once the broker has it
 * (at-least-once: a crash between confirm and commit republishes; consumers deduplicate by id).
 */
export class OutboxRelay {
  private readonly db: Kysely<OutboxDatabase>;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private started = false;
  private timer?: NodeJS.Timeout;
  private current?: Promise<void>;
  private rerun = false;
  private failures = 0;
  private lastPurge = 0;
  private waitingForBus = false;
  /** A nudged cycle is due within NUDGE_COALESCE_MS: later nudges join it. */
  private nudged = false;
  private unregisterMetrics?: () => void;

  constructor(private readonly opts: OutboxRelayOptions) {
    this.db = opts.database.db as Kysely<OutboxDatabase>;
    this.pollIntervalMs = opts.pollIntervalMs ?? 500;
    this.batchSize = opts.batchSize ?? 100;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    const b = this.opts.logger.bindings() as { service?: string; name?: string };
    this.unregisterMetrics = registerOutboxMetrics(this.db, b.service ?? b.name ?? 'unknown');
    this.schedule(0);
  }

  /** Publish soon (within NUDGE_COALESCE_MS). While backing off from failures it waits for the backoff instead. */
  nudge(): void {
    if (!this.started || this.failures > 0) return;
    if (this.current) this.rerun = true;
    else if (!this.nudged) {
      this.nudged = true;
      this.schedule(NUDGE_COALESCE_MS);
    }
  }

  /** Stops polling and waits for the batch in flight to finish. */
  async stop(): Promise<void> {
    this.started = false;
    this.unregisterMetrics?.();
    clearTimeout(this.timer);
    await this.current;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    // unref: the relay alone must not keep a process alive that is otherwise done.
    this.timer = setTimeout(() => this.cycle(), delayMs).unref();
  }

  private cycle(): void {
    this.nudged = false;
    if (!this.started || this.current) return;
    this.current = this.publishPending()
      .then(() => { this.failures = 0; })
      .catch((err) => {
        this.failures++;
        this.opts.logger.warn({ err, failures: this.failures }, 'outbox relay could not publish; backing off');
      })
      .finally(() => {
        this.current = undefined;
        if (!this.started) return;
        const again = this.rerun && this.failures === 0;
        this.rerun = false;
        this.schedule(again ? NUDGE_COALESCE_MS : this.nextDelay());
      });
  }

  private nextDelay(): number {
    if (this.failures === 0) return this.pollIntervalMs;
    const max = this.opts.maxBackoffMs ?? 10_000;
    return Math.min(max, this.pollIntervalMs * 2 ** Math.min(this.failures, 16));
  }

  private async publishPending(): Promise<void> {
    await this.purgeIfDue();
    // While the broker is known to be away, claiming rows would only pile up failed attempts; the
    // next poll after the bus reconnects sends everything.
    if (!this.opts.bus.isHealthy()) {
      if (!this.waitingForBus) this.opts.logger.warn('outbox relay waiting for the event bus to reconnect');
      this.waitingForBus = true;
      return;
    }
    this.waitingForBus = false;
    while (this.started) {
      const { claimed, failed } = await this.publishBatch();
      if (failed) throw failed;
      if (claimed < this.batchSize) return;
    }
  }

  private async publishBatch(): Promise<{ claimed: number; failed?: Error }> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await claimPending(trx, this.batchSize);
      if (rows.length === 0) return { claimed: 0 };
      // All at once: one channel keeps them in order on the wire and confirms arrive pipelined.
      const results = await Promise.allSettled(rows.map((r) => publishTraced(this.opts.bus, r.payload)));
      const ok = rows.filter((_, i) => results[i].status === 'fulfilled').map((r) => r.id);
      const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      await markPublished(trx, ok);
      const failedIds = rows.filter((_, i) => results[i].status === 'rejected').map((r) => r.id);
      const failed = rejected ? toError(rejected.reason) : undefined;
      if (failed) await recordFailures(trx, failedIds, failed.message);
      if (ok.length) this.opts.logger.debug({ published: ok.length }, 'outbox events published');
      return { claimed: rows.length, failed };
    });
  }

  private async purgeIfDue(): Promise<void> {
    if (Date.now() - this.lastPurge < (this.opts.purgeIntervalMs ?? 60_000)) return;
    this.lastPurge = Date.now();
    const cutoff = new Date(Date.now() - (this.opts.retentionMs ?? 86_400_000));
    const n = await deletePublishedBefore(this.db, cutoff);
    if (n) this.opts.logger.debug({ deleted: n }, 'published outbox rows purged');
  }
}

function toError(e: unknown): Error {
  return e instanceof Error ? e : new Error(String(e));
}
