import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, Transaction } from 'kysely';
import type { DispatcherDb } from '../database';
import type { EndpointRow } from '../endpoints/endpoint.table';
import type { ClaimSettings } from './delivery.claim';
import type { DeliveryJob } from './delivery.job';
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

/** `(company, event_id, endpoint_id) in (...)` over the given deliveries. */
export function keysIn(keys: readonly DeliveryKey[]) {
  return (eb: ExpressionBuilder<DispatcherDb, 'deliveries'>) => eb(eb.refTuple('deliveries.company', 'deliveries.event_id', 'deliveries.endpoint_id'), 'in',
    keys.map((k) => eb.tuple(k.company, k.event_id, k.endpoint_id)));
}

/**
 * The batch form of `claimAttempt`, in the caller's transaction, five or six statements whatever the
 * batch size: the due pending deliveries among `keys` (rows another claimer holds are skipped, not waited
 * for), then their endpoints locked in id order (the same delivery-then-endpoint order as every other
 * path), the attempts in flight per endpoint counted after the locks, and each delivery either
 * claimed (`sending` under a lease, a pending attempt logged), deferred (busy or throttled endpoint),
 * or failed (endpoint disabled). Waiting deliveries (deferred_at set) go first, oldest first.
 */
export async function claimBatch(trx: Transaction<DispatcherDb>, keys: readonly DeliveryKey[], s: ClaimSettings, deferrals: (k: DeliveryKey) => number, now: Date): Promise<BatchClaim> {
  const rows = await trx.selectFrom('deliveries').innerJoin('messages', 'messages.event_id', 'deliveries.event_id')
    .select(['deliveries.company', 'deliveries.event_id', 'deliveries.endpoint_id', 'deliveries.round', 'deliveries.round_attempts', 'deliveries.deferred_at', 'messages.body'])
    .where(keysIn(keys)).where('deliveries.state', '=', 'pending')
    // A retry waits for its time; a delivery waiting for a slot may go as soon as one frees.
    .where((eb) => eb.or([eb('deliveries.next_attempt_at', '<=', now), eb('deliveries.deferred_at', 'is not', null)]))
    .orderBy('deliveries.event_id').orderBy('deliveries.endpoint_id')
    .forUpdate('deliveries').skipLocked().execute();
  const result: BatchClaim = { claimed: [], busy: [], throttled: [] };
  if (rows.length === 0) return result;
  const endpoints = await lockEndpointsCountingInFlight(trx, rows, now);
  const disabled: DeliveryKey[] = [];
  const waited = (d: typeof rows[number]) => (d.deferred_at ? new Date(d.deferred_at).getTime() : Infinity);
  for (const d of [...rows].sort((a, b) => waited(a) - waited(b))) {
    const key = { company: d.company, event_id: d.event_id, endpoint_id: d.endpoint_id };
    const endpoint = endpoints.get(d.endpoint_id);
    if (!endpoint) continue;
    const job: DeliveryJob = { ...key, round: d.round, attempt: d.round_attempts + 1 };
    const throttled = endpoint.throttled_until && new Date(endpoint.throttled_until) > now ? new Date(endpoint.throttled_until) : undefined;
    if (!endpoint.enabled) disabled.push(key);
    else if (throttled) result.throttled.push({ job, delayMs: throttled.getTime() - now.getTime() + deferralDelayMs(s.deferMs) });
    else if (endpoint.in_flight >= s.endpointConcurrency) result.busy.push({ key, delayMs: deferralDelayMs(s.deferMs, deferrals(key)) });
    else {
      endpoint.in_flight++;
      result.claimed.push({ job, endpoint, body: d.body, attemptId: randomUUID(), startedAt: now });
    }
  }
  await markDeferred(trx, result, disabled, now);
  if (result.claimed.length === 0) return result;
  const lease = new Date(now.getTime() + s.leaseMs);
  await trx.with('claimed', (w) => w.updateTable('deliveries')
    .set((eb) => ({ state: 'sending', round_attempts: eb('round_attempts', '+', 1), lease_until: lease, deferred_at: null }))
    .where(keysIn(result.claimed.map((c) => c.job))).returning('event_id'))
    .insertInto('attempts').values(result.claimed.map((c) => ({
      id: c.attemptId, event_id: c.job.event_id, endpoint_id: c.job.endpoint_id, company: c.job.company, round: c.job.round,
      attempt: c.job.attempt, attempted_at: now, outcome: 'pending' as const,
    }))).execute();
  return result;
}

/** The endpoints of these deliveries, locked in id order, each with its attempts in flight (live leases). */
async function lockEndpointsCountingInFlight(trx: Transaction<DispatcherDb>, rows: readonly DeliveryKey[], now: Date) {
  const pairs = [...new Map(rows.map((r) => [r.endpoint_id, r.company])).entries()];
  const locked = await trx.selectFrom('endpoints').selectAll()
    .where((eb) => eb(eb.refTuple('id', 'company'), 'in', pairs.map(([id, company]) => eb.tuple(id, company))))
    .orderBy('id').forNoKeyUpdate().execute();
  // A statement of its own, after the locks: its fresh snapshot sees claims committed while this one waited.
  const counts = locked.length === 0 ? [] : await trx.selectFrom('deliveries').select((eb) => ['endpoint_id', eb.fn.countAll<number>().as('n')])
    .where('endpoint_id', 'in', locked.map((e) => e.id)).where('state', '=', 'sending').where('lease_until', '>', now)
    .groupBy('endpoint_id').execute();
  const inFlight = new Map(counts.map((c) => [c.endpoint_id, Number(c.n)]));
  return new Map(locked.map((e) => [e.id, { ...e, in_flight: inFlight.get(e.id) ?? 0 }]));
}

/** One statement per kind: disabled endpoints end their deliveries; deferred ones move their due time. */
async function markDeferred(trx: Transaction<DispatcherDb>, r: BatchClaim, disabled: DeliveryKey[], now: Date): Promise<void> {
  if (disabled.length) await trx.updateTable('deliveries').set({ state: 'failed' }).where(keysIn(disabled)).execute();
  if (r.busy.length) {
    // next_attempt_at tells the sweeper the delivery waits (not lost); deferred_at puts it in line for a slot.
    const until = new Date(now.getTime() + Math.max(...r.busy.map((b) => b.delayMs)));
    await trx.updateTable('deliveries').set((eb) => ({ next_attempt_at: until, deferred_at: eb.fn.coalesce('deferred_at', eb.val(now)) }))
      .where(keysIn(r.busy.map((b) => b.key))).execute();
  }
  for (const t of r.throttled) {
    await trx.updateTable('deliveries').set({ next_attempt_at: new Date(now.getTime() + t.delayMs), deferred_at: null })
      .where(keysIn([t.job])).execute();
  }
}
