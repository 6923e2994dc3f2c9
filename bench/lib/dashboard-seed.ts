import type { Client } from 'pg';

export const DASHBOARD_ROWS = Number(process.env.BENCH_DASHBOARD_ROWS ?? 1_000_000);
const CARRIERS = ['Generic Carrier', 'SwiftPost', 'Globex Freight', 'Parcelink'];

/**
 * Fills the dashboard's read models directly (the benchmark measures the page, not the seeding): one
 * standing per consignment, created evenly over the last 90 days, four carriers and some unallocated,
 * most delivered a day or three later against an expected date two days after creation, a few in
 * Exception or refused; then the aggregates, summed from those standings as the consumer keeps them,
 * and 90 days of webhook attempts.
 */
export async function seedDashboard(sql: Client, company: string, log: (m: string) => void): Promise<{ last30: number }> {
  const t0 = Date.now();
  const carriers = `array[${CARRIERS.map((c) => `'${c}'`).join(',')}]`;
  await sql.query(`
    insert into consignment.dashboard_consignments
      (identifier, company, created_day, carrier, status, rejection_reason, order_number, expected_date, delivered_day, as_of)
    select md5('bench-dash-' || i), $1, d, case when s = 'Unallocated' then '' else (${carriers})[1 + i % 4] end, s,
      case when i % 500 = 1 then 'Carrier refused: postcode not served' end, 'DASH-' || i, d + 2,
      case when s = 'Delivered' then d + 1 + i % 3 end, d + interval '12 hours'
    from generate_series(1, $2::int) as i
    cross join lateral (select (now() at time zone 'UTC')::date - (i % 90) as d) as day
    cross join lateral (select case when i % 500 = 1 then 'Unallocated' when i % 300 = 7 then 'Exception'
      when i % 20 = 3 then 'Cancelled' when i % 90 < 3 then 'Allocated' else 'Delivered' end as s) as st`, [company, DASHBOARD_ROWS]);
  // The aggregates are summed afresh from every standing of the company (the seed's and any the stack made).
  for (const t of ['dashboard_daily', 'dashboard_day_status']) await sql.query(`delete from consignment.${t} where company = $1`, [company]);
  await sql.query(`
    insert into consignment.dashboard_daily (company, day, carrier, created, delivered, due_known, on_time)
    select company, day, carrier, sum(created), sum(delivered), sum(delivered), sum(on_time) from (
      select company, created_day as day, carrier, 1 as created, 0 as delivered, 0 as on_time from consignment.dashboard_consignments where company = $1
      union all
      select company, delivered_day, carrier, 0, 1, (delivered_day <= expected_date)::int from consignment.dashboard_consignments where company = $1 and delivered_day is not null
    ) x group by 1, 2, 3`, [company]);
  await sql.query(`insert into consignment.dashboard_day_status (company, day, status, n)
    select company, created_day, status, count(*) from consignment.dashboard_consignments where company = $1 group by 1, 2, 3`, [company]);
  await sql.query(`insert into webhook_dispatcher.webhook_daily (company, day, succeeded, failed)
    select $1, (now() at time zone 'UTC')::date - i, 20000 + i * 7, 150 + i from generate_series(0, 89) as i`, [company]);
  for (const t of ['dashboard_consignments', 'dashboard_daily', 'dashboard_day_status']) await sql.query(`vacuum analyze consignment.${t}`);
  const { rows } = await sql.query(`select count(*)::int as n from consignment.dashboard_consignments where company = $1 and created_day > (now() at time zone 'UTC')::date - 30`, [company]);
  log(`dashboard: ${DASHBOARD_ROWS.toLocaleString('en')} consignments seeded into the read models in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return { last30: rows[0].n };
}
