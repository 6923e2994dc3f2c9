import type { Logger } from '@waybill/logger';
import { jitteredBackoffMs } from '../backoff';
import type { TracedJob } from '../job-trace';
import { PermanentJobError, type JobHandler, type WorkerOptions } from '../types';

export interface InlineEntry {
  job: TracedJob;
  backoffMs: number;
}

/**
 * One queue of the inline driver: jobs wait here (also before any worker is registered), run up to
 * `concurrency` at a time, retry on the same jittered schedule as BullMQ and call `onFailed` once
 * they fail for good. A jobId is taken while its job waits, is delayed, retries or runs.
 */
export class InlineQueue {
  readonly pendingIds = new Set<string>();
  readonly running = new Set<Promise<void>>();
  readonly timers = new Set<NodeJS.Timeout>();
  private readonly ready: InlineEntry[] = [];
  private handler?: JobHandler;
  private worker: WorkerOptions = {};
  private stopped = false;

  constructor(readonly name: string, private readonly onChange: () => void, private readonly logger?: Logger) {}

  setWorker(handler: JobHandler, opts: WorkerOptions): void {
    this.handler = handler;
    this.worker = opts;
    this.pump();
  }

  isIdle(): boolean {
    return this.running.size === 0 && this.timers.size === 0 && (this.ready.length === 0 || !this.handler);
  }

  add(entry: InlineEntry, delayMs: number): void {
    this.pendingIds.add(entry.job.id);
    if (delayMs <= 0) {
      this.ready.push(entry);
      // Never run inside enqueue: the producer may still be inside its transaction.
      setImmediate(() => this.pump());
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.ready.push(entry);
      this.pump();
    }, delayMs);
    this.timers.add(timer);
  }

  /** Drops delayed and retrying jobs (the inline driver keeps nothing across a restart). */
  stop(): number {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    const dropped = this.timers.size + this.ready.length;
    this.timers.clear();
    this.ready.length = 0;
    return dropped;
  }

  private pump(): void {
    while (!this.stopped && this.handler && this.ready.length > 0 && this.running.size < (this.worker.concurrency ?? 1)) {
      const entry = this.ready.shift()!;
      const run = this.run(this.handler, entry).finally(() => {
        this.running.delete(run);
        this.pump();
        this.onChange();
      });
      this.running.add(run);
    }
    this.onChange();
  }

  private async run(handler: JobHandler, entry: InlineEntry): Promise<void> {
    const { job } = entry;
    try {
      await handler({ ...job });
      this.pendingIds.delete(job.id);
    } catch (err) {
      const error = err instanceof Error ? err : new Error(String(err));
      const permanent = error instanceof PermanentJobError;
      if (!permanent && job.attempt < job.maxAttempts) {
        if (this.stopped) return void this.logger?.warn({ err: error, queue: this.name, job_id: job.id }, 'job failed while closing; dropped');
        this.logger?.warn({ err: error, queue: this.name, job_id: job.id, attempt: job.attempt }, 'job failed; will retry');
        this.add({ ...entry, job: { ...job, attempt: job.attempt + 1 } }, jitteredBackoffMs(job.attempt, entry.backoffMs));
        return;
      }
      this.pendingIds.delete(job.id);
      this.logger?.error({ err: error, queue: this.name, job_id: job.id, attempt: job.attempt }, 'job failed for good');
      await this.worker.onFailed?.({ ...job }, error).catch((e) => this.logger?.error({ err: e, queue: this.name }, 'onFailed callback failed'));
    }
  }
}
