import { sql, type Kysely } from 'kysely';
import type { ConsignmentDb } from '../database';

export interface DailyRow { day: string; carrier: string; created: number; delivered: number; due_known: number; on_time: number }

/** The aggregate rows of `days` UTC days ending `today`: at most days × carriers rows, read by primary key. */
export async function dailyRows(db: Kysely<ConsignmentDb>, company: string, from: string, today: string): Promise<DailyRow[]> {
  const rows = await db.selectFrom('dashboard_daily')
    .select([sql<string>`day::text`.as('day'), 'carrier', 'created', 'delivered', 'due_known', 'on_time'])
    .where('company', '=', company).where('day', '>=', from).where('day', '<=', today).execute();
  return rows.map((r) => ({ ...r, created: Number(r.created), delivered: Number(r.delivered), due_known: Number(r.due_known), on_time: Number(r.on_time) }));
}

/** How the consignments created on `day` stand now, by status. */
export async function dayStatuses(db: Kysely<ConsignmentDb>, company: string, day: string): Promise<Record<string, number>> {
  const rows = await db.selectFrom('dashboard_day_status').select(['status', 'n'])
    .where('company', '=', company).where('day', '=', day).where(sql`n`, '<>', 0).execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** Consignments in Exception, and unallocated ones a carrier (or the rules) refused: the partial index holds only these. */
export async function attentionCounts(db: Kysely<ConsignmentDb>, company: string): Promise<{ exception: number; refused: number }> {
  const rows = await attention(db, company)
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('status').execute();
  const n = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { exception: n('Exception'), refused: n('Unallocated') };
}

/**
 * The rows of the partial index `dashboard_consignments_attention`. Its predicate is written out with
 * literals, as in the index, so the planner can prove the index covers the query.
 */
export function attention(db: Kysely<ConsignmentDb>, company: string) {
  return db.selectFrom('dashboard_consignments').where('company', '=', company)
    .where(sql<boolean>`(status = 'Exception' or (rejection_reason is not null and status = 'Unallocated'))`);
}

/**
 * Consignments past their expected delivery date (`today` is a UTC day) and neither delivered nor
 * cancelled: the partial index `dashboard_consignments_undelivered` holds only candidates, its predicate
 * written out here with literals so the planner uses it.
 */
export async function lateCount(db: Kysely<ConsignmentDb>, company: string, today: string): Promise<number> {
  const row = await db.selectFrom('dashboard_consignments').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company', '=', company)
    .where(sql<boolean>`expected_date is not null and status not in ('Delivered', 'Cancelled')`)
    .where('expected_date', '<', today)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface ReturnFigures {
  perDay: Map<string, number>;
  byReason: Array<{ reason: string; returns: number; items: number }>;
}

/**
 * Returns booked (not cancelled) from `from` on: how many a UTC day, and by reason (an item's own reason,
 * else its return's, else `unspecified`) with the returns and the items that came back for it. Read from the
 * consignments themselves, through the partial index of returns (company, return_for).
 */
export async function returnFigures(db: Kysely<ConsignmentDb>, company: string, from: string): Promise<ReturnFigures> {
  const since = sql<Date>`${from}::date`;
  const [days, reasons] = await Promise.all([
    db.selectFrom('consignments')
      .select([sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'), (eb) => eb.fn.countAll<string>().as('n')])
      .where('company', '=', company).where('return_for', 'is not', null).where('status', '!=', 'Cancelled').where('created_at', '>=', since)
      .groupBy(sql`1`).execute(),
    db.selectFrom('consignments as c')
      .leftJoin(sql<{ value: unknown }>`lateral jsonb_array_elements(coalesce(c.data->'return_items', '[]'::jsonb))`.as('item'), (join) => join.onTrue())
      .select([
        sql<string>`coalesce(item.value->>'reason', c.data->>'return_reason', 'unspecified')`.as('reason'),
        sql<string>`count(distinct c.identifier)`.as('returns'), sql<string | null>`sum((item.value->>'quantity')::int)`.as('items'),
      ])
      .where('c.company', '=', company).where('c.return_for', 'is not', null).where('c.status', '!=', 'Cancelled').where('c.created_at', '>=', since)
      .groupBy(sql`1`).orderBy(sql`2 desc, 1`).execute(),
  ]);
  return {
    perDay: new Map(days.map((d) => [d.day, Number(d.n)])),
    byReason: reasons.map((r) => ({ reason: r.reason, returns: Number(r.returns), items: Number(r.items ?? 0) })),
  };
}
