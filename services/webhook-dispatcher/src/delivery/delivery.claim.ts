import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { DispatcherDb } from '../database';
import { lockEndpoint } from '../endpoints/endpoint.repository';
import type { EndpointRow } from '../endpoints/endpoint.table';
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
 * Takes the right to make attempt `job.attempt` of a delivery, in one transaction on the locked
 * endpoint row: the delivery must still be pending in this round with exactly the attempts before
 * this one made (so a duplicate job, a stale round or an already successful delivery sends nothing),
 * and the endpoint must have a free slot. Winning marks the delivery `sending` under a lease and logs
 * a pending attempt; only one job can win.
 */
export async function claimAttempt(db: Kysely<DispatcherDb>, job: DeliveryJob, s: ClaimSettings, now: Date): Promise<Claim> {
  return db.transaction().execute(async (trx): Promise<Claim> => {
    const endpoint = await lockEndpoint(trx, job.company, job.endpoint_id);
    if (!endpoint) return { kind: 'skip', reason: 'endpoint deleted' };
    const key = deliveryKey(job);
    const delivery = await trx.selectFrom('deliveries').selectAll().where(key).forUpdate().executeTakeFirst();
    if (!delivery || delivery.state !== 'pending' || delivery.round !== job.round || delivery.round_attempts !== job.attempt - 1) {
      return { kind: 'skip', reason: `delivery is ${delivery ? `${delivery.state}, round ${delivery.round}, ${delivery.round_attempts} attempts made` : 'gone'}` };
    }
    if (!endpoint.enabled) {
      await trx.updateTable('deliveries').set({ state: 'failed' }).where(key).execute();
      return { kind: 'skip', reason: `endpoint disabled (${endpoint.disabled_reason})` };
    }
    const throttled = endpoint.throttled_until && new Date(endpoint.throttled_until) > now ? new Date(endpoint.throttled_until) : undefined;
    const busy = !throttled && (await inFlight(trx, endpoint.id, now)) >= s.endpointConcurrency;
    if (throttled || busy) {
      const delayMs = throttled ? throttled.getTime() - now.getTime() + deferralDelayMs(s.deferMs) : deferralDelayMs(s.deferMs, job.deferrals);
      // Moving next_attempt_at tells the sweeper this delivery is waiting, not lost.
      await trx.updateTable('deliveries').set({ next_attempt_at: new Date(now.getTime() + delayMs) }).where(key).execute();
      return { kind: 'deferred', delayMs };
    }
    const message = await trx.selectFrom('messages').select('body').where('event_id', '=', job.event_id).where('company', '=', job.company).executeTakeFirst();
    if (!message) return { kind: 'skip', reason: 'message gone' };
    await trx.updateTable('deliveries').set({ state: 'sending', round_attempts: job.attempt, lease_until: new Date(now.getTime() + s.leaseMs) }).where(key).execute();
    const attemptId = randomUUID();
    await trx.insertInto('attempts').values({
      id: attemptId, event_id: job.event_id, endpoint_id: job.endpoint_id, company: job.company, round: job.round,
      attempt: job.attempt, attempted_at: now, outcome: 'pending',
    }).execute();
    return { kind: 'claimed', endpoint, body: message.body, attemptId, startedAt: now };
  });
}

/** The delivery of a job, within its company. */
export function deliveryKey(k: { company: string; event_id: string; endpoint_id: string }) {
  return (eb: ExpressionBuilder<DispatcherDb, 'deliveries'>) =>
    eb.and([eb('event_id', '=', k.event_id), eb('endpoint_id', '=', k.endpoint_id), eb('company', '=', k.company)]);
}

/** Attempts to the endpoint in flight now, on any replica (an expired lease no longer counts). */
async function inFlight(db: Kysely<DispatcherDb>, endpointId: string, now: Date): Promise<number> {
  const row = await db.selectFrom('deliveries').select(sql<number>`count(*)`.as('n'))
    .where('endpoint_id', '=', endpointId).where('state', '=', 'sending').where('lease_until', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
