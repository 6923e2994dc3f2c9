import type { Kysely } from 'kysely';
import { withCarrierCallSink, type CarrierCallRecord } from '@waybill/carriers';
import type { Logger } from '@waybill/logger';
import type { CarrierLinkDb } from '../database';
import { callRow, type CallAttribution } from './call.entry';
import type { NewCarrierCall } from './call.table';

/** Where recorded calls are written (the service's own table; tests swap in one that fails). */
export interface CallLogStore {
  insert(rows: NewCarrierCall[]): Promise<void>;
}

export const postgresCallStore = (db: Kysely<CarrierLinkDb>): CallLogStore => ({
  async insert(rows) {
    await db.insertInto('carrier_calls').values(rows).execute();
  },
});

export interface CallLogOptions {
  /** How long a call waits in memory before it is written (the batch's latest). */
  flushMs?: number;
  /** Rows per insert. */
  batch?: number;
  /** Calls held while the store is slow or down; beyond it new ones are dropped (and counted in the log). */
  maxBuffered?: number;
  /** false: nothing is recorded (the benchmark's baseline). */
  enabled?: boolean;
}

interface Pending {
  call: CarrierCallRecord;
  who: CallAttribution;
}

/**
 * The carrier call log's writer. A call made inside `scope` is pushed to a buffer and the call goes on:
 * redaction and the insert happen later, in batches, off the booking's path. A failed write is logged and
 * its calls are dropped; nothing here ever throws into a carrier call or delays it.
 */
export class CallLog {
  private buffer: Pending[] = [];
  private timer?: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();
  private dropped = 0;
  private readonly flushMs: number;
  private readonly batch: number;
  private readonly maxBuffered: number;
  readonly enabled: boolean;

  constructor(private readonly store: CallLogStore, private readonly logger: Logger, o: CallLogOptions = {}) {
    this.flushMs = o.flushMs ?? 100;
    this.batch = o.batch ?? 200;
    this.maxBuffered = o.maxBuffered ?? 20_000;
    this.enabled = o.enabled ?? true;
  }

  /** Runs `fn` with every carrier call made inside it recorded for `who`. */
  scope<T>(who: CallAttribution, fn: () => Promise<T>): Promise<T> {
    if (!this.enabled) return fn();
    return withCarrierCallSink((call) => this.add(call, who), fn);
  }

  add(call: CarrierCallRecord, who: CallAttribution): void {
    if (this.buffer.length >= this.maxBuffered) {
      this.dropped++;
      return;
    }
    this.buffer.push({ call, who });
    if (this.buffer.length >= this.batch) this.kick();
    else this.timer ??= setTimeout(() => this.kick(), this.flushMs).unref();
  }

  /**
   * Writes everything recorded so far: resolves when written, when the write failed and was logged, or
   * after `waitMs` at most (a store that does not answer holds up no reader and no shutdown).
   */
  async flush(waitMs = 2_000): Promise<void> {
    this.kick();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.writing, new Promise<void>((r) => { timer = setTimeout(r, waitMs); })]);
    clearTimeout(timer);
  }

  async stop(): Promise<void> {
    await this.flush(5_000);
  }

  private kick(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.buffer.length === 0) return;
    const taken = this.buffer;
    this.buffer = [];
    this.writing = this.writing.then(() => this.write(taken));
  }

  private async write(taken: Pending[]): Promise<void> {
    for (let i = 0; i < taken.length; i += this.batch) {
      const part = taken.slice(i, i + this.batch);
      try {
        await this.store.insert(part.map((p) => callRow(p.call, p.who)));
      } catch (err) {
        this.logger.warn({ err, calls: part.length }, 'carrier calls not recorded (the calls themselves went ahead)');
      }
    }
    if (this.dropped) {
      this.logger.warn({ calls: this.dropped }, 'carrier calls not recorded: the call log\'s buffer was full');
      this.dropped = 0;
    }
  }
}
