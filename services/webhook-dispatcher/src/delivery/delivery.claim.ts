import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { DispatcherDb } from '../database';
import type { EndpointRow } from '../endpoints/endpoint.table';
import { lockEndpoint } from '../endpoints/endpoint.repository';
import type { DeliveryJob } from './delivery.job';
import { deferralDelayMs } from './retry-schedule';

export interface ClaimSettings {
  endpointConcurrency: number;
  deferMs: number;
  /** How long an attempt may hold its slot before the sweeper takes it to be lost. */
  leaseMs: number;
}

export type Claim =
  | { kind: 'claimed'; endpoint: EndpointRow; body: string; attemptId: string; startedAt: Date }
  /** The endpoint is busy (its concurrency limit) or throttled (429): try this attempt again later. */
  | { kind: 'deferred'; delayMs: number }
  /** Nothing to send: already sent, superseded by a newer round, endpoint deleted or disabled. */
  | { kind: 'skip'; reason: string };

/**
 * Takes the right to make attempt `job.attempt` of a delivery, in one transaction: the delivery must
 * still be pending in this round with exactly the attempts before this one made (so a duplicate job,
 * a stale round or an already successful delivery sends nothing), and its endpoint must be enabled,
 * not throttled and have a free slot. Winning marks the delivery `sending` under a lease and logs a
 * pending attempt; only one job can win. Locks are taken delivery first, endpoint second, everywhere,
 * and the endpoint row (which serialises an endpoint's claims) is held for as few statements as possible.
 */
export async function claimAttempt(db: Kysely<DispatcherDb>, job: DeliveryJob, s: ClaimSettings, now: Date): Promise<Claim> {
  return db.transaction().execute(async (trx): Promise<Claim> => {
    const key = deliveryKey(job);
    const delivery = await trx.selectFrom('deliveries').innerJoin('messages', 'messages.event_id', 'deliveries.event_id')
      .select(['deliveries.state', 'deliveries.round', 'deliveries.round_attempts', 'messages.body'])
      .where('deliveries.event_id', '=', job.event_id).where('deliveries.endpoint_id', '=', job.endpoint_id).where('deliveries.company', '=', job.company)
      .forUpdate('deliveries').executeTakeFirst();
    if (!delivery || delivery.state !== 'pending' || delivery.round !== job.round || delivery.round_attempts !== job.attempt - 1) {
      return { kind: 'skip', reason: `delivery is ${delivery ? `${delivery.state}, round ${delivery.round}, ${delivery.round_attempts} attempts made` : 'gone'}` };
    }
    const endpoint = await lockEndpointCountingInFlight(trx, job, now);
    if (!endpoint) return { kind: 'skip', reason: 'endpoint deleted' };
    if (!endpoint.enabled) {
      await trx.updateTable('deliveries').set({ state: 'failed' }).where(key).execute();
      return { kind: 'skip', reason: `endpoint disabled (${endpoint.disabled_reason})` };
    }
    const throttled = endpoint.throttled_until && new Date(endpoint.throttled_until) > now ? new Date(endpoint.throttled_until) : undefined;
    const busy = !throttled && endpoint.in_flight >= s.endpointConcurrency;
    if (throttled || busy) {
      const delayMs = throttled ? throttled.getTime() - now.getTime() + deferralDelayMs(s.deferMs) : deferralDelayMs(s.deferMs, job.deferrals);
      // Moving next_attempt_at tells the sweeper this delivery is waiting, not lost; deferred_at puts it
      // in line to be woken by the next attempt to this endpoint that finishes.
      await trx.updateTable('deliveries').set((eb) => ({
        next_attempt_at: new Date(now.getTime() + delayMs),
        deferred_at: busy ? eb.fn.coalesce('deferred_at', eb.val(now)) : null,
      })).where(key).execute();
      return { kind: 'deferred', delayMs };
    }
    const attemptId = randomUUID();
    await trx.with('claimed', (w) => w.updateTable('deliveries')
      .set({ state: 'sending', round_attempts: job.attempt, lease_until: new Date(now.getTime() + s.leaseMs), deferred_at: null }).where(key).returning('event_id'))
      .insertInto('attempts').values({
        id: attemptId, event_id: job.event_id, endpoint_id: job.endpoint_id, company: job.company, round: job.round,
        attempt: job.attempt, attempted_at: now, outcome: 'pending',
      }).execute();
    return { kind: 'claimed', endpoint, body: delivery.body, attemptId, startedAt: now };
  });
}

/**
 * The endpoint row, locked, with the number of its attempts in flight on any replica (an expired lease
 * no longer counts). The count is a statement of its own, after the lock: its fresh snapshot sees the
 * claims committed while this one waited for the lock (a subquery of the locking statement would not).
 */
async function lockEndpointCountingInFlight(trx: Transaction<DispatcherDb>, job: DeliveryJob, now: Date) {
  const endpoint = await lockEndpoint(trx, job.company, job.endpoint_id);
  if (!endpoint) return undefined;
  const row = await trx.selectFrom('deliveries').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('endpoint_id', '=', job.endpoint_id).where('state', '=', 'sending').where('lease_until', '>', now)
    .executeTakeFirstOrThrow();
  return { ...endpoint, in_flight: Number(row.n) };
}

/** The delivery of a job, within its company. */
export function deliveryKey(k: { company: string; event_id: string; endpoint_id: string }) {
  return (eb: ExpressionBuilder<DispatcherDb, 'deliveries'>) =>
    eb.and([eb('event_id', '=', k.event_id), eb('endpoint_id', '=', k.endpoint_id), eb('company', '=', k.company)]);
}

/** The delivery that has waited longest for a slot of this endpoint, as the job that would send it. */
export async function longestWaiting(db: Kysely<DispatcherDb>, company: string, endpointId: string): Promise<DeliveryJob | undefined> {
  const d = await db.selectFrom('deliveries').select(['event_id', 'round', 'round_attempts'])
    .where('company', '=', company).where('endpoint_id', '=', endpointId).where('state', '=', 'pending').where('deferred_at', 'is not', null)
    .orderBy('deferred_at').limit(1).executeTakeFirst();
  return d && { company, event_id: d.event_id, endpoint_id: endpointId, round: d.round, attempt: d.round_attempts + 1 };
}
