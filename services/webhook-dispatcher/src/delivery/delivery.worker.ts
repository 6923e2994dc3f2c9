import { jobTrace, Queues, type Job } from '@waybill/jobs';
import type { DispatcherDeps } from '../deps';
import { signingSecrets } from '../endpoints/endpoint.mapper';
import { signatureHeaders } from '../security/signing';
import { claimAttempt, longestWaiting, type ClaimSettings } from './delivery.claim';
import { enqueueDelivery, type DeliveryJob } from './delivery.job';
import { recordOutcome } from './delivery.outcome';
import { sendWebhook } from './http-sender';
import { measuredSend } from './delivery.metrics';

/** Recording an outcome stops retrying this long before the lease ends, and waits at most this between tries. */
const RECORD_MARGIN_MS = 2_000;
const RECORD_BACKOFF_CAP_MS = 2_000;

/** How long an attempt holds its endpoint slot: the timeout twice over plus margin, then the sweeper reclaims it. */
export function leaseMs(timeoutMs: number): number {
  return timeoutMs * 2 + 10_000;
}

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

  /**
   * The receiver has answered; losing that answer would mean sending again after the lease, so a
   * database error (a lost connection, a restarting server, a serialisation failure) is retried for as
   * long as the attempt's lease lasts, less a margin: until then nobody else sends this attempt again.
   */
  private async record<T>(write: () => Promise<T>, claimedAt: number): Promise<T> {
    const until = claimedAt + this.claimSettings.leaseMs - RECORD_MARGIN_MS;
    for (let attempt = 1; ; attempt++) {
      try {
        return await write();
      } catch (err) {
        const wait = Math.min(RECORD_BACKOFF_CAP_MS, 100 * 2 ** attempt);
        if (Date.now() + wait > until) throw err;
        this.deps.logger.warn({ err, attempt }, 'could not record a webhook attempt; retrying');
        await new Promise((r) => setTimeout(r, wait));
      }
    }
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
    const headers = signatureHeaders(job.event_id, claim.body, signingSecrets(claim.endpoint, this.deps.box, this.deps.now()), this.deps.now());
    const result = await measuredSend(() => sendWebhook(claim.endpoint.url, claim.body, { ...headers }, { timeoutMs: config.timeoutMs, policy: this.deps.policy }), job.endpoint_id);
    const next = await this.record(() => recordOutcome(db, job, claim.attemptId, claim.startedAt, result, config, this.deps.now()), claimedAt);
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
