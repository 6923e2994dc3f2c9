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
