import { sql, type Kysely, type Transaction } from 'kysely';
import type { TrackingDb } from '../database';
import type { NewTrackingEventRow } from '../ingest/tracking-event.table';
import type { ParkedEventRow } from './parked-event.table';

type Db = Kysely<TrackingDb> | Transaction<TrackingDb>;

/** How long events of a number nobody carries are kept after the last of them arrived. */
export const PARKING_DAYS = 30;

/**
 * Serialises, per carrier and tracking number, a push parking events and a consignment getting the
 * number: both take these transaction locks before anything else, so whichever commits second sees
 * the other's rows. Taken in one fixed order (by key), so two transactions cannot deadlock on them.
 */
export async function lockTrackingNumbers(trx: Transaction<TrackingDb>, carrierId: string, numbers: string[]): Promise<void> {
  await lockCarrierNumbers(trx, numbers.map((number) => ({ carrierId, number })));
}

/** `lockTrackingNumbers` for numbers of several carriers at once (a batch of consignment events): one ordered statement. */
export async function lockCarrierNumbers(trx: Transaction<TrackingDb>, numbers: Array<{ carrierId: string; number: string }>): Promise<void> {
  if (numbers.length === 0) return;
  // Carrier identifiers are slugs (no spaces), so the key is unambiguous; text cannot hold NUL.
  const keys = numbers.map((n) => `${n.carrierId} ${n.number}`);
  await sql`select pg_advisory_xact_lock(k) from (select distinct hashtextextended(x, 0) as k from unnest(${keys}::text[]) as x order by k) as ordered`
    .execute(trx);
}

/**
 * Keeps events for numbers not known yet; returns how many were new. An event already parked, or
 * already stored for the number (a consignment carried it once), is a duplicate.
 */
export async function parkEvents(trx: Transaction<TrackingDb>, rows: NewTrackingEventRow[], now: Date): Promise<number> {
  if (rows.length === 0) return 0;
  const stored = await trx.selectFrom('tracking_events').select(['tracking_number', 'dedup_code', 'occurred_at'])
    .where('carrier_id', '=', rows[0].carrier_id).where('tracking_number', 'in', [...new Set(rows.map((r) => r.tracking_number))])
    .execute();
  const seen = new Set(stored.map((s) => `${s.tracking_number}\u0000${s.dedup_code}\u0000${s.occurred_at.toISOString()}`));
  const fresh = rows.filter((r) => !seen.has(`${r.tracking_number}\u0000${r.dedup_code}\u0000${r.occurred_at}`));
  let parked = 0;
  for (let i = 0; i < fresh.length; i += 500) {
    const values = fresh.slice(i, i + 500).map((r) => ({ ...r, received_at: now.toISOString() }));
    parked += (await trx.insertInto('parked_events').values(values)
      .onConflict((oc) => oc.columns(['carrier_id', 'tracking_number', 'dedup_code', 'occurred_at']).doNothing())
      .returning('id').execute()).length;
  }
  return parked;
}

/** Removes and returns the parked events of these numbers, oldest carrier time first. */
export async function takeParked(trx: Transaction<TrackingDb>, carrierId: string, numbers: string[]): Promise<ParkedEventRow[]> {
  if (numbers.length === 0) return [];
  const rows = await trx.deleteFrom('parked_events').where('carrier_id', '=', carrierId).where('tracking_number', 'in', numbers)
    .returningAll().execute();
  return rows.sort((a, b) => a.occurred_at.getTime() - b.occurred_at.getTime() || a.id - b.id);
}

/** Drops the events of every number none arrived for in PARKING_DAYS; returns how many. */
export async function expireParked(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - PARKING_DAYS * 86_400_000).toISOString();
  const dropped = await db.deleteFrom('parked_events')
    .where((eb) => eb(eb.refTuple('carrier_id', 'tracking_number'), 'in', eb.selectFrom('parked_events').select(['carrier_id', 'tracking_number'])
      .groupBy(['carrier_id', 'tracking_number']).having((h) => h.fn.max('received_at'), '<', before)
      .$asTuple('carrier_id', 'tracking_number')))
    .returning('id').execute();
  return dropped.length;
}

/** Parked events and the distinct numbers they are for (the /metrics gauges). */
export async function parkedCounts(db: Db): Promise<{ events: number; numbers: number }> {
  const row = await db.selectFrom('parked_events')
    .select([sql<string>`count(*)`.as('events'), sql<string>`count(distinct (carrier_id, tracking_number))`.as('numbers')])
    .executeTakeFirstOrThrow();
  return { events: Number(row.events), numbers: Number(row.numbers) };
}
