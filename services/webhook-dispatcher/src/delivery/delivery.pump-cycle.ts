import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { SCHEMA, type DispatcherDb } from '../database';
import type { EndpointRow } from '../endpoints/endpoint.table';
import type { ClaimSettings } from './delivery.claim';
import type { DeliveryJob } from './delivery.job';
import type { SendResult } from './http-sender';
import { deferralDelayMs } from './retry-schedule';

/** A delivery, within its company. */
export interface DeliveryKey { company: string; event_id: string; endpoint_id: string }

export interface BatchClaimed { job: DeliveryJob; endpoint: EndpointRow; body: string; attemptId: string; startedAt: Date }

export interface BatchClaim {
  claimed: BatchClaimed[];
  /** Waiting for a slot of a busy endpoint: tried again when a slot frees, or after the delay. */
  busy: Array<{ key: DeliveryKey; delayMs: number }>;
  /** Held by a 429's Retry-After: the next attempt as a delayed job, as the job path defers it. */
  throttled: Array<{ job: DeliveryJob; delayMs: number }>;
}

/** An attempt the pump made that the receiver answered with a 2xx. */
export interface Delivered { claim: BatchClaimed; result: SendResult }

interface DueRow extends DeliveryKey { round: number; round_attempts: number; body: string; attempt_id: string; busy_delay_ms: number }
interface CycleAnswer {
  claimed: Array<DueRow & { endpoint: Record<string, unknown> }>;
  busy: DueRow[];
  throttled: Array<DueRow & { delay_ms: number }>;
}

/** The endpoint row as the function answers it in JSON: its timestamps back to dates. */
function endpointRow(json: Record<string, unknown>): EndpointRow {
  const at = (v: unknown) => (v === null || v === undefined ? null : new Date(String(v)));
  return {
    ...(json as unknown as EndpointRow),
    previous_secret_expires_at: at(json.previous_secret_expires_at), failing_since: at(json.failing_since), throttled_until: at(json.throttled_until),
    created_at: at(json.created_at)!, updated_at: at(json.updated_at)!,
  };
}

const jobOf = (d: DueRow): DeliveryJob => ({ company: d.company, event_id: d.event_id, endpoint_id: d.endpoint_id, round: d.round, attempt: d.round_attempts + 1 });

/**
 * One cycle of the pump in one round trip (the `pump_cycle` function, src/migrations/functions/pump-cycle.function.ts): the
 * successes in hand recorded (the attempts' log rows, the deliveries `succeeded` if still sending in
 * that round, the failure streak of their endpoints cleared), then the batch form of `claimAttempt` over
 * `keys`: the due pending deliveries among them (rows another claimer holds are skipped, not waited
 * for), their endpoints locked in id order, the attempts in flight per endpoint counted after the locks,
 * and each delivery claimed (`sending` under a lease, a pending attempt logged), deferred (busy or
 * throttled endpoint) or failed (endpoint disabled). Waiting deliveries (deferred_at set) go first,
 * oldest first. Atomic: a failure records and claims nothing.
 */
export async function pumpCycle(
  db: Kysely<DispatcherDb>, done: readonly Delivered[], keys: readonly DeliveryKey[], s: ClaimSettings,
  deferrals: (k: DeliveryKey) => number, now: Date,
): Promise<BatchClaim> {
  const successes = done.map(({ claim: { job, attemptId }, result }) => ({
    id: attemptId, status_code: result.statusCode, latency_ms: result.latencyMs, response_head: result.responseHead,
    company: job.company, event_id: job.event_id, endpoint_id: job.endpoint_id, round: job.round,
  }));
  const wanted = keys.map((k) => ({ ...k, attempt_id: randomUUID(), busy_delay_ms: deferralDelayMs(s.deferMs, deferrals(k)) }));
  const fn = sql.id(SCHEMA, 'pump_cycle');
  const { rows } = await sql<{ answer: CycleAnswer }>`select ${fn}(${JSON.stringify(successes)}::jsonb, ${JSON.stringify(wanted)}::jsonb, ${now}::timestamptz,
    ${s.leaseMs}::integer, ${s.endpointConcurrency}::integer, ${deferralDelayMs(s.deferMs)}::integer) as answer`.execute(db);
  const answer = rows[0].answer;
  return {
    claimed: answer.claimed.map((d) => ({ job: jobOf(d), endpoint: endpointRow(d.endpoint), body: d.body, attemptId: d.attempt_id, startedAt: now })),
    busy: answer.busy.map((d) => ({ key: { company: d.company, event_id: d.event_id, endpoint_id: d.endpoint_id }, delayMs: d.busy_delay_ms })),
    throttled: answer.throttled.map((d) => ({ job: jobOf(d), delayMs: Number(d.delay_ms) })),
  };
}
