import { randomUUID } from 'node:crypto';
import type { Logger } from '@waybill/logger';
import type { JobDriver, JobHandler, JobOptions, WorkerOptions } from '../types';
import { InlineQueue } from './inline-queue';
import { traceForEnqueue, tracedJobHandler } from '../job-trace';

/**
 * JobDriver of the one-process demo and of tests without Redis: same contract as the BullMQ driver
 * (jobId dedup while pending, delays, jittered retries, PermanentJobError, onFailed, concurrency,
 * graceful close), kept in memory. Delayed and retrying jobs do not survive a restart.
 */
export class InlineJobDriver implements JobDriver {
  private readonly queues = new Map<string, InlineQueue>();
  private idleWaiters: Array<() => void> = [];
  private closed = false;

  constructor(private readonly opts: { logger?: Logger } = {}) {}

  private queue(name: string): InlineQueue {
    let q = this.queues.get(name);
    if (!q) {
      q = new InlineQueue(name, () => this.checkIdle(), this.opts.logger);
      this.queues.set(name, q);
    }
    return q;
  }

  async enqueue<T>(queue: string, name: string, data: T, opts: JobOptions = {}): Promise<void> {
    if (this.closed) throw new Error('job driver is closing');
    const q = this.queue(queue);
    if (opts.jobId !== undefined && q.pendingIds.has(opts.jobId)) return;
    const trace = traceForEnqueue(opts);
    q.add({
      // A serialised copy, as a queue server would store it: no shared mutable state with the producer.
      job: {
        id: opts.jobId ?? randomUUID(),
        queue,
        name,
        data: JSON.parse(JSON.stringify(data ?? null)),
        attempt: 1,
        maxAttempts: opts.attempts ?? 5,
        ...(trace ? { trace } : {}),
      },
      backoffMs: opts.backoffMs ?? 1000,
    }, opts.delayMs ?? 0);
  }

  async work<T>(queue: string, handler: JobHandler<T>, opts: WorkerOptions = {}): Promise<void> {
    if (this.closed) throw new Error('job driver is closing');
    this.queue(queue).setWorker(tracedJobHandler(queue, handler) as JobHandler, opts);
  }

  /** Resolves once nothing is running, waiting, delayed or retrying (jobs without a worker aside). */
  drain(): Promise<void> {
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.checkIdle();
    });
  }

  isHealthy(): boolean {
    return !this.closed;
  }

  /** In memory, jobs cannot outlive the process: the running ones finish, waiting ones run until `close`. */
  async stopWorkers(): Promise<void> {
    await Promise.allSettled([...this.queues.values()].flatMap((q) => [...q.running]));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    let dropped = 0;
    for (const q of this.queues.values()) dropped += q.stop();
    if (dropped) this.opts.logger?.warn({ dropped }, 'inline job driver closed with jobs still waiting');
    await Promise.allSettled([...this.queues.values()].flatMap((q) => [...q.running]));
    this.checkIdle();
  }

  private checkIdle(): void {
    if (this.idleWaiters.length === 0) return;
    if (![...this.queues.values()].every((q) => q.isIdle())) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }
}
