import { sql, type Kysely, type Transaction } from 'kysely';
import type { DispatcherDb } from '../database';
import type { BatchClaimed, DeliveryKey } from './delivery.batch-claim';
import type { SendResult } from './http-sender';

export interface Delivered { claim: BatchClaimed; result: SendResult }

/**
 * The batch form of `recordOutcome` for successes, in the caller's transaction, three statements
 * whatever the batch size: the attempts' log rows, the deliveries marked `succeeded` (only those still in the
 * attempt's round and `sending`: a manual resend meanwhile started a round this result must not end),
 * and the failure streak of endpoints that were failing cleared. Deliveries first, endpoints second,
 * the order of every other path.
 */
export async function recordSuccesses(trx: Transaction<DispatcherDb>, done: readonly Delivered[], now: Date): Promise<void> {
  const values = sql.join(done.map(({ claim, result }) =>
    sql`(${claim.attemptId}, ${result.statusCode}::integer, ${result.latencyMs}::integer, ${result.responseHead}::text)`));
  await trx.updateTable('attempts')
    .from(sql<{ id: string; status_code: number; latency_ms: number; response_head: string | null }>`(values ${values})`.as(sql`v(id, status_code, latency_ms, response_head)`))
    .set((eb) => ({ outcome: 'success', status_code: eb.ref('v.status_code'), latency_ms: eb.ref('v.latency_ms'), response_head: eb.ref('v.response_head'), error: null }))
    .whereRef('attempts.id', '=', 'v.id').execute();
  await trx.updateTable('deliveries').set({ state: 'succeeded', succeeded_at: now, lease_until: null })
    .where((eb) => eb(eb.refTuple('company', 'event_id', 'endpoint_id', 'round'), 'in',
      done.map(({ claim: { job } }) => eb.tuple(job.company, job.event_id, job.endpoint_id, job.round))))
    .where('state', '=', 'sending').execute();
  const endpoints = uniqueEndpoints(done.map((d) => d.claim.job));
  await trx.updateTable('endpoints').set({ failing_since: null })
    .where((eb) => eb(eb.refTuple('company', 'id'), 'in', endpoints.map((e) => eb.tuple(e.company, e.endpoint_id))))
    .where('failing_since', 'is not', null).execute();
}

export function uniqueEndpoints(keys: readonly Pick<DeliveryKey, 'company' | 'endpoint_id'>[]): Array<Pick<DeliveryKey, 'company' | 'endpoint_id'>> {
  return [...new Map(keys.map((k) => [k.endpoint_id, { company: k.company, endpoint_id: k.endpoint_id }])).values()];
}

/**
 * Deliveries waiting for a slot of these endpoints, up to `perEndpoint` of each, longest waiting
 * first: the attempts that just finished freed their slots. One statement for all endpoints.
 */
export async function waitingFor(db: Kysely<DispatcherDb>, endpoints: ReadonlyArray<Pick<DeliveryKey, 'company' | 'endpoint_id'>>, perEndpoint: number): Promise<DeliveryKey[]> {
  if (endpoints.length === 0) return [];
  return db.selectFrom((qb) => qb.selectFrom('deliveries')
    .select((eb) => ['company', 'event_id', 'endpoint_id', eb.fn.agg<number>('row_number').over((o) => o.partitionBy('endpoint_id').orderBy('deferred_at')).as('n')])
    .where((eb) => eb(eb.refTuple('company', 'endpoint_id'), 'in', endpoints.map((e) => eb.tuple(e.company, e.endpoint_id))))
    .where('state', '=', 'pending').where('deferred_at', 'is not', null).as('w'))
    .select(['w.company', 'w.event_id', 'w.endpoint_id']).where('w.n', '<=', perEndpoint).execute();
}
