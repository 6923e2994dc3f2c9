import { Queues, type JobDriver, type TraceContext } from '@waybill/jobs';

/** One attempt of one message to one endpoint. */
export interface DeliveryJob {
  company: string;
  event_id: string;
  endpoint_id: string;
  round: number;
  /** 1-based within the round. */
  attempt: number;
  /** How many times this attempt already waited for a busy or throttled endpoint. */
  deferrals?: number;
  /** Woken because a slot of its endpoint came free. */
  woken?: boolean;
}

export const DELIVER = 'deliver';

/**
 * The job id is derived from (event, endpoint, round, attempt): enqueueing the same attempt twice
 * (a redelivered event, the sweeper, a restart) adds one job. A deferral gets its own suffix because
 * the job that defers is still running when it enqueues its follow-up, and so does a wake-up (a waiting
 * delivery called in when a slot frees) because the deferred job is still delayed in the queue.
 */
export function deliveryJobId(j: DeliveryJob): string {
  return `webhook:${j.event_id}:${j.endpoint_id}:${j.round}:${j.attempt}${j.deferrals ? `:d${j.deferrals}` : ''}${j.woken ? ':w' : ''}`;
}

export async function enqueueDelivery(jobs: JobDriver, j: DeliveryJob, delayMs = 0, trace?: TraceContext): Promise<void> {
  // attempts: 3 covers a job whose worker hit a database or Redis hiccup; the webhook's own retries
  // follow the delivery schedule, one job per attempt.
  await jobs.enqueue(Queues.webhookDelivery, DELIVER, j, { jobId: deliveryJobId(j), delayMs: Math.max(0, delayMs), attempts: 3, backoffMs: 1000, trace });
}
