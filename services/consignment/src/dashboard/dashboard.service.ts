import type { Kysely } from 'kysely';
import { InvalidError } from '@waybill/http';
import type { ConsignmentDb } from '../database';
import { attentionCounts, dailyRows, dayStatuses, lateCount, returnFigures, type DailyRow } from './dashboard.query';

export const PERIODS = [7, 30, 90] as const;

/** `days` of the query string: one of PERIODS, 30 when absent. */
export function periodOf(raw: unknown): number {
  if (raw === undefined || raw === '') return 30;
  const days = Number(raw);
  if (!PERIODS.includes(days as (typeof PERIODS)[number])) throw InvalidError.field('days', `Must be one of ${PERIODS.join(', ')}.`);
  return days;
}

/** The UTC calendar days of a period ending today, oldest first. */
export function periodDays(days: number, now: Date): string[] {
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

function perCarrier(rows: DailyRow[]) {
  const by = new Map<string, { delivered: number; due_known: number; on_time: number }>();
  for (const r of rows) {
    if (!r.carrier || r.delivered === 0) continue;
    const c = by.get(r.carrier) ?? { delivered: 0, due_known: 0, on_time: 0 };
    c.delivered += r.delivered;
    c.due_known += r.due_known;
    c.on_time += r.on_time;
    by.set(r.carrier, c);
  }
  return [...by].sort(([a], [b]) => a.localeCompare(b)).map(([carrier, c]) => ({
    carrier, ...c, on_time_share: c.due_known === 0 ? null : Math.round((c.on_time / c.due_known) * 1000) / 1000,
  }));
}

/** GET dashboard/consignments: every consignment figure of the console's landing page, from the read model. */
export async function consignmentDashboard(db: Kysely<ConsignmentDb>, company: string, days: number, now: Date) {
  const calendar = periodDays(days, now);
  const today = calendar[calendar.length - 1];
  const [rows, statuses, open, late, returns] = await Promise.all([
    dailyRows(db, company, calendar[0], today), dayStatuses(db, company, today), attentionCounts(db, company), lateCount(db, company, today),
    returnFigures(db, company, calendar[0]),
  ]);
  // Carriers by name, the unallocated last.
  const carriers = [...new Set(rows.filter((r) => r.created !== 0).map((r) => r.carrier))].sort((a, b) => (a === '') !== (b === '') ? (a === '' ? 1 : -1) : a.localeCompare(b));
  const created = new Map(calendar.map((d) => [d, {} as Record<string, number>]));
  for (const r of rows) if (r.created !== 0) created.get(r.day)![r.carrier || 'Unallocated'] = r.created;
  return {
    days, from: calendar[0], to: today, generated_at: now.toISOString(),
    carriers: carriers.map((c) => c || 'Unallocated'),
    created_per_day: calendar.map((day) => {
      const by = created.get(day)!;
      return { day, total: Object.values(by).reduce((a, b) => a + b, 0), by_carrier: by };
    }),
    today_by_status: statuses,
    on_time_by_carrier: perCarrier(rows),
    open_exceptions: open,
    late,
    returns_per_day: calendar.map((day) => ({ day, total: returns.perDay.get(day) ?? 0 })),
    returns_by_reason: returns.byReason,
  };
}
