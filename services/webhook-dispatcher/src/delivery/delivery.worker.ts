import { jobTrace, Queues, type Job } from '@waybill/jobs';
import type { DispatcherDeps } from '../deps';
import { claimAttempt, longestWaiting, type ClaimSettings } from './delivery.claim';
import { enqueueDelivery, type DeliveryJob } from './delivery.job';
import { recordOutcome } from './delivery.outcome';
import { leaseMs, retryWithinLease, signAndSend } from './delivery.send';

/**
 * Runs the `webhook-delivery` jobs: claim the attempt, sign, POST, record the outcome, schedule the
 * next attempt. Jobs of every endpoint share the worker pool; the per-endpoint limit in the claim
 * keeps a slow receiver to a few slots, and its other jobs step aside (deferred) instead of waiting.
 */
export class DeliveryWorker {
  private readonly running = new Set<Promise<void>>();
  private stopping = false;
  private readonly claimSettings: ClaimSettings;

  constructor(private readonly deps: DispatcherDeps) {
    const c = deps.config;
    this.claimSettings = { endpointConcurrency: c.endpointConcurrency, deferMs: c.deferMs, leaseMs: leaseMs(c.timeoutMs) };
  }

  async start(): Promise<void> {
    await this.deps.jobs.work<DeliveryJob>(Queues.webhookDelivery, (job) => this.handle(job), { concurrency: this.deps.config.workerConcurrency });
  }

  /** Lets attempts in flight finish and record their outcome before the database closes. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.running]);
  }

  private handle(job: Job<DeliveryJob>): Promise<void> {
    // The job fails and is retried later (by another replica, or by this one after a restart).
    if (this.stopping) return Promise.reject(new Error('webhook dispatcher is stopping'));
    const run = this.deliver(job.data, jobTrace(job)).finally(() => this.running.delete(run));
    this.running.add(run);
    return run;
  }

  private async deliver(job: DeliveryJob, trace: ReturnType<typeof jobTrace>): Promise<void> {
    const { db, jobs, config, logger } = this.deps;
    const claim = await claimAttempt(db, job, this.claimSettings, this.deps.now());
    const claimedAt = Date.now();
    if (claim.kind === 'skip') {
      logger.debug({ event_id: job.event_id, endpoint_id: job.endpoint_id, attempt: job.attempt, reason: claim.reason }, 'webhook attempt skipped');
      return;
    }
    if (claim.kind === 'deferred') {
      await enqueueDelivery(jobs, { ...job, deferrals: (job.deferrals ?? 0) + 1 }, claim.delayMs, trace);
      return;
    }
    const result = await signAndSend(this.deps, claim.endpoint, job.event_id, claim.body);
    const next = await retryWithinLease(logger, this.claimSettings.leaseMs, claimedAt, () => recordOutcome(db, job, claim.attemptId, claim.startedAt, result, config, this.deps.now()));
    logger[result.ok ? 'debug' : 'info']({
      event_id: job.event_id, endpoint_id: job.endpoint_id, attempt: job.attempt, status: result.statusCode, error: result.error, latency_ms: result.latencyMs,
      next_in_ms: next?.delayMs,
    }, result.ok ? 'webhook delivered' : 'webhook attempt failed');
    if (next) await enqueueDelivery(jobs, { company: job.company, event_id: job.event_id, endpoint_id: job.endpoint_id, round: job.round, attempt: next.attempt }, next.delayMs, trace);
    // This attempt's slot is free: the delivery that waited longest for it goes now, not when its timer says.
    const waiting = await longestWaiting(db, job.company, job.endpoint_id);
    if (waiting) await enqueueDelivery(jobs, { ...waiting, woken: true });
  }
}
