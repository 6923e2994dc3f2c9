import { Router } from 'express';
import { sql } from 'kysely';
import { allowOnly, InvalidError, principalOf } from '@waybill/http';
import type { DispatcherDeps } from '../deps';

const PERIODS = [7, 30, 90];

function periodOf(raw: unknown): number {
  if (raw === undefined || raw === '') return 30;
  const days = Number(raw);
  if (!PERIODS.includes(days)) throw InvalidError.field('days', `Must be one of ${PERIODS.join(', ')}.`);
  return days;
}

/** GET dashboard/webhooks: attempts per day with their success rate, and how the endpoints stand. */
export async function webhookDashboard(deps: DispatcherDeps, company: string, days: number) {
  const now = deps.now();
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const calendar = Array.from({ length: days }, (_, i) => new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
  const [rows, endpoints] = await Promise.all([
    deps.db.selectFrom('webhook_daily').select([sql<string>`day::text`.as('day'), 'succeeded', 'failed'])
      .where('company', '=', company).where('day', '>=', calendar[0]).execute(),
    deps.db.selectFrom('endpoints').select(['enabled', 'failing_since']).where('company', '=', company).execute(),
  ]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return {
    days, from: calendar[0], to: calendar[days - 1], generated_at: now.toISOString(),
    attempts_per_day: calendar.map((day) => {
      const succeeded = Number(byDay.get(day)?.succeeded ?? 0);
      const failed = Number(byDay.get(day)?.failed ?? 0);
      const total = succeeded + failed;
      return { day, succeeded, failed, success_rate: total === 0 ? null : Math.round((succeeded / total) * 1000) / 1000 };
    }),
    endpoints: {
      total: endpoints.length,
      failing: endpoints.filter((e) => e.enabled && e.failing_since !== null).length,
      disabled: endpoints.filter((e) => !e.enabled).length,
    },
  };
}

export function webhookDashboardRoutes(deps: DispatcherDeps): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, '/dashboard/webhooks', ['GET']);
  r.get('/dashboard/webhooks', async (req, res) => {
    res.json(await webhookDashboard(deps, principalOf(res).company, periodOf(req.query.days)));
  });
  return r;
}
