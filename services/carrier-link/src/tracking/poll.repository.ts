import type { Kysely, Transaction } from 'kysely';
import type { CarrierLinkDb } from '../database';
import type { TrackingPollRow } from './poll.table';

type Db = Kysely<CarrierLinkDb>;

export interface NewSchedule {
  company: string;
  consignment: string;
  accountId: string;
  carrier: string;
  carrierReference: string | null;
  bookedAt: Date;
  numbers: string[];
  firstPollAt: Date;
}

/**
 * Puts a booking's numbers on the schedule, once each: scheduling again changes nothing. (Numbers of an
 * earlier, cancelled booking of the same consignment are taken off when they come due.)
 */
export async function scheduleNumbers(db: Db, s: NewSchedule): Promise<void> {
  const numbers = [...new Set(s.numbers)];
  if (!numbers.length) return;
  await db.insertInto('tracking_polls').values(numbers.map((n) => ({
    company: s.company, consignment_identifier: s.consignment, tracking_number: n, account_id: s.accountId, carrier: s.carrier,
    carrier_reference: s.carrierReference, booked_at: s.bookedAt.toISOString(), next_poll_at: s.firstPollAt.toISOString(),
  }))).onConflict((oc) => oc.columns(['company', 'consignment_identifier', 'tracking_number']).doNothing()).execute();
}

/** Accounts with numbers due now, oldest due first. */
export async function dueAccounts(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('tracking_polls').select('account_id').where('next_poll_at', '<=', now)
    .groupBy('account_id').orderBy((eb) => eb.fn.min('next_poll_at')).limit(limit).execute();
  return rows.map((r) => r.account_id);
}

/** Takes the account for this replica until `until`, unless another replica holds it; true when taken. */
export async function takeLease(db: Db, accountId: string, holder: string, now: Date, until: Date): Promise<boolean> {
  const row = await db.insertInto('tracking_poll_leases').values({ account_id: accountId, holder, until: until.toISOString() })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ holder, until: until.toISOString() })
      .where('tracking_poll_leases.until', '<=', now))
    .returning('account_id').executeTakeFirst();
  return !!row;
}

export async function releaseLease(db: Db, accountId: string, holder: string): Promise<void> {
  await db.updateTable('tracking_poll_leases').set({ until: new Date(0).toISOString() })
    .where('account_id', '=', accountId).where('holder', '=', holder).execute();
}

/**
 * Claims up to `limit` of the account's due numbers: their next poll moves to `leaseUntil`, so if this
 * replica dies before recording the outcome they come due again then. Rows another transaction holds
 * are skipped, never waited for.
 */
export async function claimDue(db: Db, accountId: string, now: Date, leaseUntil: Date, limit: number): Promise<TrackingPollRow[]> {
  return db.transaction().execute(async (trx) => {
    const due = await trx.selectFrom('tracking_polls').selectAll().where('account_id', '=', accountId).where('next_poll_at', '<=', now)
      .orderBy('next_poll_at').limit(limit).forUpdate().skipLocked().execute();
    if (!due.length) return due;
    await trx.updateTable('tracking_polls').set({ next_poll_at: leaseUntil.toISOString() })
      .where((eb) => eb(eb.refTuple('company', 'consignment_identifier', 'tracking_number'), 'in',
        due.map((r) => eb.tuple(r.company, r.consignment_identifier, r.tracking_number)))).execute();
    return due;
  });
}

/** Live bookings among the claimed rows: consignment → the numbers it carries now. */
export async function liveNumbers(db: Db, company: string, consignments: string[]): Promise<Map<string, Set<string>>> {
  if (!consignments.length) return new Map();
  const rows = await db.selectFrom('bookings').select(['consignment_identifier', 'tracking_numbers']).where('company', '=', company)
    .where('consignment_identifier', 'in', consignments).where('cancelled_at', 'is', null).execute();
  return new Map(rows.map((r) => [r.consignment_identifier, new Set(r.tracking_numbers)]));
}

export interface PollOutcome {
  polls: number;
  lastEventAt: Date | null;
  nextPollAt: Date | null;
  stoppedReason: string | null;
  error: string | null;
}

/**
 * Records one number's poll; only if the row is still as it was claimed (same poll count), so an
 * outcome that arrives after its lease ran out and another replica polled the number is dropped.
 */
export async function recordOutcome(trx: Transaction<CarrierLinkDb>, row: TrackingPollRow, o: PollOutcome, now: Date): Promise<boolean> {
  const r = await trx.updateTable('tracking_polls').set({
    polls: o.polls, last_event_at: o.lastEventAt?.toISOString() ?? null, last_polled_at: now.toISOString(), last_error: o.error,
    next_poll_at: o.nextPollAt?.toISOString() ?? null, stopped_reason: o.stoppedReason,
  }).where('company', '=', row.company).where('consignment_identifier', '=', row.consignment_identifier)
    .where('tracking_number', '=', row.tracking_number).where('polls', '=', row.polls).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Takes a number off the schedule without polling it (its booking was cancelled or rebooked). */
export async function stopPolling(db: Db, row: TrackingPollRow, reason: string): Promise<void> {
  await db.updateTable('tracking_polls').set({ next_poll_at: null, stopped_reason: reason })
    .where('company', '=', row.company).where('consignment_identifier', '=', row.consignment_identifier)
    .where('tracking_number', '=', row.tracking_number).execute();
}
