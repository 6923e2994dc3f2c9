import { Client } from 'pg';
import type { Stack } from '../e2e/support/stack';
import { startDistributedStack } from './lib/stack';
import { seedDashboard, DASHBOARD_ROWS } from './lib/dashboard-seed';
import type { Benchmark, BenchRow } from './lib/types';

const LOADS = Number(process.env.BENCH_DASHBOARD_LOADS ?? 200);
const TARGET_MS = 300;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** The console's landing page asks these four at once (services/console/src/pages/dashboard.ts). */
function pageUrls(stack: Stack, days: number): string[] {
  const prefix = `${stack.baseUrl}/_api/v1/company/${stack.creds.company}`;
  return [`/dashboard/consignments?days=${days}`, `/dashboard/webhooks?days=${days}`, '/dashboard/exceptions?limit=50', '/webhooks/endpoints'].map((p) => `${prefix}${p}`);
}

async function pageLoad(urls: string[], headers: Record<string, string>): Promise<unknown[]> {
  return Promise.all(urls.map(async (url) => {
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res.json();
  }));
}

/** Four requests that do next to nothing (the carriers lookup, held in memory): the floor of any page here. */
function floorUrls(stack: Stack): string[] {
  return Array.from({ length: 4 }, () => `${stack.baseUrl}/_api/v1/company/${stack.creds.company}/carriers`);
}

/**
 * Whole page loads one after another, each its four requests in parallel, alternating with loads of the
 * floor, so the shared machine's changing load weighs on both alike; milliseconds, sorted.
 */
async function timeLoads(urls: string[], floor: string[], headers: Record<string, string>): Promise<{ page: number[]; floor: number[] }> {
  for (let i = 0; i < 10; i++) await pageLoad(urls, headers).then(() => pageLoad(floor, headers)); // warm-up
  const page: number[] = [];
  const base: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    for (const [list, into] of [[urls, page], [floor, base]] as const) {
      const t = performance.now();
      await pageLoad(list, headers);
      into.push(performance.now() - t);
    }
  }
  return { page: page.sort((a, b) => a - b), floor: base.sort((a, b) => a - b) };
}

/**
 * The same consignment figures computed per view by scanning the seeded consignments (what a page costs
 * without the aggregates): the baseline, in SQL alone, so it leaves out HTTP and still loses.
 */
async function scanMs(sql: Client, company: string): Promise<number[]> {
  const q = `select created_day, carrier, count(*) as created,
      count(*) filter (where delivered_day is not null) as delivered,
      count(*) filter (where delivered_day <= expected_date) as on_time,
      count(*) filter (where created_day = (now() at time zone 'UTC')::date) as today
    from consignment.dashboard_consignments where company = $1 and (created_day >= (now() at time zone 'UTC')::date - 29 or delivered_day >= (now() at time zone 'UTC')::date - 29)
    group by 1, 2`;
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    await sql.query(q, [company]);
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}

export const bench: Benchmark = {
  title: `dashboard of ${DASHBOARD_ROWS.toLocaleString('en')} consignments`,
  async run(): Promise<BenchRow[]> {
    const stack = await startDistributedStack();
    const sql = new Client({ connectionString: stack.databaseUrl });
    await sql.connect();
    try {
      const company = stack.creds.company;
      const seeded = await seedDashboard(sql, company, (m) => process.stdout.write(`${m}\n`));
      const headers = { authorization: `token ${stack.creds.apiToken}` };
      const [figures] = (await pageLoad(pageUrls(stack, 30), headers)) as Array<{ created_per_day: Array<{ total: number }> }>;
      const shown = figures.created_per_day.reduce((a, d) => a + d.total, 0);
      if (shown !== seeded.last30) throw new Error(`the dashboard shows ${shown} consignments in 30 days, the seed made ${seeded.last30}`);
      const rows: BenchRow[] = [];
      const scan = await scanMs(sql, company);
      for (const days of [30, 90]) {
        const t = await timeLoads(pageUrls(stack, days), floorUrls(stack), headers);
        const name = `dashboard page API, ${days} days (${DASHBOARD_ROWS.toLocaleString('en')} consignments)`;
        const floor = (p: number) => ({ name: '4 carriers lookups (floor)', value: percentile(t.floor, p) });
        rows.push(
          { name, metric: 'p50 page load (4 requests)', value: percentile(t.page, 50), unit: 'ms', baseline: floor(50), target: `< ${TARGET_MS} ms`, pass: percentile(t.page, 50) < TARGET_MS },
          { name, metric: 'p99 page load (4 requests)', value: percentile(t.page, 99), unit: 'ms', baseline: floor(99) },
        );
      }
      rows.push({ name: 'dashboard figures by scanning 1 M consignments per view (SQL only)', metric: 'median', value: scan[3], unit: 'ms', baseline: { name: 'page p50 above', value: rows[0].value } });
      return rows;
    } finally {
      await sql.end();
      await stack.stop();
    }
  },
};
