import { Queue, UnrecoverableError, Worker, type Job as BullJob, type KeepJobs } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from '@waybill/logger';
import { jitteredBackoffMs } from '../backoff';
import { fromBullJobId, toBullJobId } from '../job-id';
import { registerGaugeSource } from '@waybill/telemetry';
import { embedTrace, extractTrace, traceForEnqueue, tracedJobHandler, type TracedJob } from '../job-trace';
import { PermanentJobError, type JobDriver, type JobHandler, type JobOptions, type WorkerOptions } from '../types';

export interface BullJobDriverOptions {
  redisUrl: string;
  /** Namespace of every Redis key, so several installations can share one Redis. */
  prefix?: string;
  logger: Logger;
  /** Completed jobs kept for inspection (and for jobId dedup while kept). Default: 1 day, at most 1000. */
  removeOnComplete?: KeepJobs;
  /** Failed jobs kept for inspection. Default: 7 days. */
  removeOnFail?: KeepJobs;
}

const BACKOFF_TYPE = 'waybill-jittered';

/**
 * JobDriver on BullMQ. Queues are created on first use and share one producer connection; each
 * worker opens its own (BullMQ needs a blocking connection per worker). Jobs are at-least-once: a
 * worker that dies mid-job leaves it stalled and another picks it up, so handlers are idempotent.
 */
export class BullJobDriver implements JobDriver {
  private readonly producer: Redis;
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  private readonly unregister: Array<() => void> = [];
  private readonly failureCallbacks = new Set<Promise<void>>();
  private closing = false;

  constructor(private readonly opts: BullJobDriverOptions) {
    // Producers should fail an enqueue within seconds during a Redis outage rather than hang.
    this.producer = new Redis(opts.redisUrl, { maxRetriesPerRequest: 3 });
    this.producer.on('error', (err) => opts.logger.warn({ err }, 'job queue connection error'));
  }

  private get prefix(): string {
    return this.opts.prefix ?? 'waybill';
  }

  private queue(name: string): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, { connection: this.producer, prefix: this.prefix });
      q.on('error', (err) => this.opts.logger.warn({ err, queue: name }, 'job queue error'));
      this.queues.set(name, q);
    }
    return q;
  }

  async enqueue<T>(queue: string, name: string, data: T, opts: JobOptions = {}): Promise<void> {
    if (this.closing) throw new Error('job driver is closing');
    await this.ensureConnected();
    const q = this.queue(queue);
    const jobId = opts.jobId === undefined ? undefined : toBullJobId(opts.jobId);
    // BullMQ dedups against every job still stored, finished ones included; the contract is to
    // dedup only against pending ones, so a finished namesake gives way.
    if (jobId) {
      const state = await q.getJobState(jobId);
      if (state === 'completed' || state === 'failed') await q.remove(jobId);
    }
    await q.add(name, embedTrace(data, traceForEnqueue(opts)), {
      jobId,
      delay: opts.delayMs,
      attempts: opts.attempts ?? 5,
      backoff: { type: BACKOFF_TYPE, delay: opts.backoffMs ?? 1000 },
      removeOnComplete: this.opts.removeOnComplete ?? { age: 86_400, count: 1000 },
      removeOnFail: this.opts.removeOnFail ?? { age: 7 * 86_400 },
    });
  }

  async work<T>(queue: string, handler: JobHandler<T>, opts: WorkerOptions = {}): Promise<void> {
    if (this.closing) throw new Error('job driver is closing');
    await this.ensureConnected();
    const traced = tracedJobHandler(queue, handler);
    const worker = new Worker(queue, async (job: BullJob) => {
      try {
        await traced(toJob<T>(queue, job));
      } catch (err) {
        if (!(err instanceof PermanentJobError)) throw err;
        throw Object.assign(new UnrecoverableError(err.message), { cause: err });
      }
    }, {
      connection: { url: this.opts.redisUrl, maxRetriesPerRequest: null },
      prefix: this.prefix,
      concurrency: opts.concurrency ?? 1,
      settings: {
        backoffStrategy: (attemptsMade, _type, _err, job) => {
          const backoff = job?.opts.backoff;
          const base = typeof backoff === 'object' ? backoff.delay : backoff;
          return jitteredBackoffMs(attemptsMade, base ?? 1000);
        },
      },
    });
    worker.on('error', (err) => this.opts.logger.warn({ err, queue }, 'job worker error'));
    worker.on('failed', (job, err) => {
      if (!job) return;
      const permanent = err.name === 'UnrecoverableError';
      const final = permanent || job.attemptsMade >= (job.opts.attempts ?? 1);
      this.opts.logger[final ? 'error' : 'warn']({ err, queue, job_id: job.id, name: job.name, attempt: job.attemptsMade }, final ? 'job failed for good' : 'job failed; will retry');
      if (!final || !opts.onFailed) return;
      const original = permanent && err.cause instanceof Error ? err.cause : err;
      // attemptsMade already counts the attempt that just failed.
      const p = opts.onFailed(toJob(queue, job, job.attemptsMade), original)
        .catch((e) => this.opts.logger.error({ err: e, queue, job_id: job.id }, 'onFailed callback failed'))
        .finally(() => this.failureCallbacks.delete(p));
      this.failureCallbacks.add(p);
    });
    this.workers.push(worker);
    this.unregister.push(this.registerDepth(queue));
    await worker.waitUntilReady();
  }

  /**
   * BullMQ waits for Redis indefinitely; a ping through the producer (bounded retries) makes an
   * enqueue or a worker start fail within about a second instead, as a publish does.
   */
  private async ensureConnected(): Promise<void> {
    if (this.producer.status !== 'ready') await this.producer.ping();
  }

  /** Jobs waiting, delayed (retry backoff included) and failed for good, per worked queue, at scrape time. */
  private registerDepth(name: string): () => void {
    const q = this.queue(name);
    return registerGaugeSource('waybill_job_queue_jobs', 'BullMQ jobs by queue and state', ['queue', 'state'], async () => {
      const counts = await q.getJobCounts('waiting', 'delayed', 'active', 'failed');
      return Object.entries(counts).map(([state, value]) => ({ labels: { queue: name, state }, value }));
    });
  }

  isHealthy(): boolean {
    return !this.closing && this.producer.status === 'ready';
  }

  async stopWorkers(): Promise<void> {
    // Worker.close waits for the jobs it is running; a second call (from close) returns at once.
    await Promise.allSettled(this.workers.map((w) => w.close()));
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    for (const off of this.unregister) off();
    // Workers first: they stop fetching and wait for their running jobs.
    await Promise.allSettled(this.workers.map((w) => w.close()));
    await Promise.allSettled([...this.failureCallbacks]);
    await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
    await this.producer.quit().catch(() => this.producer.disconnect());
  }
}

function toJob<T>(queue: string, job: BullJob, attempt = job.attemptsMade + 1): TracedJob<T> {
  const { data, trace } = extractTrace(job.data);
  return {
    id: fromBullJobId(String(job.id)),
    queue,
    name: job.name,
    data: data as T,
    attempt,
    maxAttempts: job.opts.attempts ?? 1,
    ...(trace ? { trace } : {}),
  };
}
