import type { Kysely, Transaction } from 'kysely';
import type { TrackingStatus } from '@waybill/carriers';
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

/** Each tracking number's event with the latest carrier time (ties: the one stored last). */
export async function latestEvents(db: Db, carrierId: string, trackingNumbers: string[]): Promise<Map<string, { status: TrackingStatus; at: Date }>> {
  if (trackingNumbers.length === 0) return new Map();
  const rows = await db.selectFrom('tracking_events').distinctOn('tracking_number')
    .select(['tracking_number', 'status', 'occurred_at'])
    .where('carrier_id', '=', carrierId).where('tracking_number', 'in', trackingNumbers)
    .orderBy('tracking_number').orderBy('occurred_at', 'desc').orderBy('id', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.tracking_number, { status: r.status as TrackingStatus, at: r.occurred_at }]));
}

/** The tracking numbers that have at least one event with one of `statuses`. */
export async function numbersWithStatus(db: Db, carrierId: string, trackingNumbers: string[], statuses: readonly TrackingStatus[]): Promise<Set<string>> {
  if (trackingNumbers.length === 0) return new Set();
  const rows = await db.selectFrom('tracking_events').select('tracking_number').distinct()
    .where('carrier_id', '=', carrierId).where('tracking_number', 'in', trackingNumbers).where('status', 'in', [...statuses])
    .execute();
  return new Set(rows.map((r) => r.tracking_number));
}
