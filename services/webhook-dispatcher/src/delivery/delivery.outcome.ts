import type { Kysely, Transaction, Updateable } from 'kysely';
import type { DispatcherDb } from '../database';
import { lockEndpoint } from '../endpoints/endpoint.repository';
import type { DisabledReason, EndpointRow, EndpointsTable } from '../endpoints/endpoint.table';
import { deliveryKey } from './delivery.claim';
import type { DeliveryJob } from './delivery.job';
import type { SendResult } from './http-sender';
import { nextAttemptDelayMs } from './retry-schedule';

export interface OutcomeSettings {
  retrySchedule: readonly number[];
  disableAfterMs: number;
}

/** What happens next: another attempt after a delay, or nothing. */
export type Next = { attempt: number; delayMs: number } | undefined;

/**
 * Records an attempt's result in one transaction: the attempt log row, the delivery's state and the
 * endpoint's health. A success marks the delivery `succeeded` atomically with its log row, so no later
 * job of this delivery will send again. The delivery changes only if it is still this attempt's
 * (a manual resend during the attempt starts a new round that this result must not end).
 */
export async function recordOutcome(
  db: Kysely<DispatcherDb>, job: DeliveryJob, attemptId: string, startedAt: Date, r: SendResult, s: OutcomeSettings, now: Date,
): Promise<Next> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('attempts').set({
      outcome: r.ok ? 'success' : 'failure', status_code: r.statusCode, latency_ms: r.latencyMs,
      response_head: r.responseHead, error: r.error,
    }).where('id', '=', attemptId).execute();
    // The delivery row first, the endpoint row second, as claims lock them: no deadlock between the two.
    const ours = await trx.selectFrom('deliveries').select('state').where(deliveryKey(job)).where('round', '=', job.round).where('state', '=', 'sending')
      .forUpdate().executeTakeFirst();
    if (r.ok) {
      if (ours) await trx.updateTable('deliveries').set({ state: 'succeeded', succeeded_at: now, lease_until: null }).where(deliveryKey(job)).execute();
      // Touches (and locks) the endpoint only when it was failing, so successes do not queue on it.
      await trx.updateTable('endpoints').set({ failing_since: null })
        .where('id', '=', job.endpoint_id).where('company', '=', job.company).where('failing_since', 'is not', null).execute();
      return undefined;
    }
    const endpoint = await lockEndpoint(trx, job.company, job.endpoint_id);
    const disabled = endpoint ? await recordFailure(trx, endpoint, startedAt, r, s, now) : 'manual';
    const delayMs = disabled ? undefined : nextAttemptDelayMs(s.retrySchedule, job.attempt, r.retryAfterMs);
    // A manual resend during the attempt started a new round: this result must not end it.
    if (!ours) return undefined;
    await trx.updateTable('deliveries')
      .set(delayMs === undefined ? { state: 'failed', lease_until: null } : { state: 'pending', lease_until: null, next_attempt_at: new Date(now.getTime() + delayMs) })
      .where(deliveryKey(job)).execute();
    return delayMs === undefined ? undefined : { attempt: job.attempt + 1, delayMs };
  });
}

/**
 * The endpoint side of a failure: the failure streak, a 429's hold, and disabling — at once for a
 * 410 Gone, or once the streak has lasted the disable window (5 days by default).
 */
async function recordFailure(trx: Transaction<DispatcherDb>, endpoint: EndpointRow, startedAt: Date, r: SendResult, s: OutcomeSettings, now: Date): Promise<DisabledReason | undefined> {
  const failingSince = endpoint.failing_since ? new Date(endpoint.failing_since) : startedAt;
  let reason: DisabledReason | undefined;
  if (r.statusCode === 410) reason = 'gone';
  else if (now.getTime() - failingSince.getTime() >= s.disableAfterMs) reason = 'failing';
  const patch: Updateable<EndpointsTable> = { failing_since: failingSince };
  if (r.retryAfterMs !== undefined) patch.throttled_until = new Date(now.getTime() + r.retryAfterMs);
  if (reason && endpoint.enabled) Object.assign(patch, { enabled: false, disabled_reason: reason, updated_at: now });
  await trx.updateTable('endpoints').set(patch).where('id', '=', endpoint.id).execute();
  return reason ?? (endpoint.enabled ? undefined : endpoint.disabled_reason ?? 'manual');
}
