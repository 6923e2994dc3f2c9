import { sql, type Kysely, type Transaction } from 'kysely';
import type { TrackingStatus } from '@waybill/carrier-model';
import type { TrackingDb } from '../database';
import type { NewTrackingEventRow, TrackingEventRow } from './tracking-event.table';

type Db = Kysely<TrackingDb> | Transaction<TrackingDb>;

/**
 * Inserts the events not stored yet and returns those (the new ones). Rows are inserted in one fixed
 * order, so two pushes carrying the same events wait for each other instead of deadlocking.
 */
export async function insertNewEvents(trx: Transaction<TrackingDb>, rows: NewTrackingEventRow[]): Promise<TrackingEventRow[]> {
  if (rows.length === 0) return [];
  const key = (r: NewTrackingEventRow) => `${r.tracking_number}\u0000${r.dedup_code}\u0000${r.occurred_at}`;
  const sorted = [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const inserted: TrackingEventRow[] = [];
  // Bounded statements: a push of 1,000 trackings must not become one statement with 65k parameters.
  for (let i = 0; i < sorted.length; i += 500) {
    inserted.push(...await trx.insertInto('tracking_events').values(sorted.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['carrier_id', 'tracking_number', 'dedup_code', 'occurred_at']).doNothing())
      .returningAll().execute());
  }
  return inserted;
}

/**
 * Per tracking number: its event with the latest carrier time (ties: the one stored last), and whether
 * any of its events has one of `reached` — one query, as it runs for every push.
 */
export async function timelines(
  db: Db, carrierId: string, trackingNumbers: string[], reached: readonly TrackingStatus[],
): Promise<Map<string, { latest: { status: TrackingStatus; at: Date }; reached: boolean }>> {
  if (trackingNumbers.length === 0) return new Map();
  const rows = await db.selectFrom('tracking_events').distinctOn('tracking_number')
    .select(['tracking_number', 'status', 'occurred_at'])
    .select(sql<boolean>`bool_or(status in (${sql.join([...reached])})) over (partition by tracking_number)`.as('reached'))
    .where('carrier_id', '=', carrierId).where('tracking_number', 'in', trackingNumbers)
    .orderBy('tracking_number').orderBy('occurred_at', 'desc').orderBy('id', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.tracking_number, { latest: { status: r.status as TrackingStatus, at: r.occurred_at }, reached: r.reached }]));
}

/**
 * Every stored event of a company's consignment, over the tracking numbers it carries now, oldest first
 * (carrier time, then arrival). The company is part of the join: a tracking number another company's
 * consignment also carries never shows here.
 */
export async function eventsOfConsignment(db: Db, company: string, identifier: string): Promise<Array<TrackingEventRow & { package_reference: string | null }>> {
  return db.selectFrom('parcels as p')
    .innerJoin('tracking_events as e', (j) => j.onRef('e.carrier_id', '=', 'p.carrier_id').onRef('e.tracking_number', '=', 'p.tracking_number'))
    .selectAll('e').select('p.package_reference')
    .where('p.consignment_identifier', '=', identifier).where('p.company', '=', company).where('p.active', '=', true)
    .orderBy('e.occurred_at').orderBy('e.id')
    .execute();
}
