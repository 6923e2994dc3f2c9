import type { Kysely } from 'kysely';
import type { DispatcherDb } from '../database';
import type { DeliveryKey } from './delivery.pump-cycle';

/** Each endpoint of these deliveries once. */
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
