import { Client } from 'pg';
import type { Stack } from '@waybill/testing/stacks';
import { startDistributedStack } from './lib/stack';
import { cpuMeter, POSTGRES, ticks, type CpuSnapshot } from './lib/cpu';
import { sideMeter } from './lib/process-rows';
import { seedDashboard, DASHBOARD_ROWS } from './lib/dashboard-seed';
import type { Benchmark, BenchRow } from './lib/types';

const LOADS = Number(process.env.BENCH_DASHBOARD_LOADS ?? 200);
const TARGET_MS = 300;
type SideMeter = ReturnType<typeof sideMeter>;

const SCANS = 7;

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
 * floor, so the shared machine's changing load weighs on both alike; milliseconds, sorted. Each load's
 * CPU goes to its side's meter (read just outside the timed span, so the timings stay the page's own).
 */
async function timeLoads(urls: string[], floor: string[], headers: Record<string, string>, meters: { page: SideMeter; floor: SideMeter }): Promise<{ page: number[]; floor: number[] }> {
  for (let i = 0; i < 10; i++) await pageLoad(urls, headers).then(() => pageLoad(floor, headers)); // warm-up
  const page: number[] = [];
  const base: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    for (const [list, into, meter] of [[urls, page, meters.page], [floor, base, meters.floor]] as const) {
      await meter.begin();
      const t = performance.now();
      await pageLoad(list, headers);
      into.push(performance.now() - t);
      await meter.end();
    }
  }
  return { page: page.sort((a, b) => a - b), floor: base.sort((a, b) => a - b) };
}

/**
 * The same consignment figures computed per view by scanning the seeded consignments (what a page costs
 * without the aggregates): the baseline, in SQL alone, so it leaves out HTTP and still loses.
 */
async function scanMs(sql: Client, company: string, meter: SideMeter, workers: ParallelWorkers): Promise<number[]> {
  const q = `select created_day, carrier, count(*) as created,
      count(*) filter (where delivered_day is not null) as delivered,
      count(*) filter (where delivered_day <= expected_date) as on_time,
      count(*) filter (where created_day = (now() at time zone 'UTC')::date) as today
    from consignment.dashboard_consignments where company = $1 and (created_day >= (now() at time zone 'UTC')::date - 29 or delivered_day >= (now() at time zone 'UTC')::date - 29)
    group by 1, 2`;
  const times: number[] = [];
  for (let i = 0; i < SCANS; i++) {
    await meter.around(async () => {
      const t = performance.now();
      await workers.watching(() => sql.query(q, [company]));
      times.push(performance.now() - t);
    });
  }
  return times.sort((a, b) => a - b);
}

type ParallelWorkers = ReturnType<typeof parallelWorkers>;

/**
 * Postgres scans with parallel workers that exit with the query, before the meter's next snapshot would
 * see them: while `watching` some work, their CPU is read every few milliseconds, and the snapshots of
 * `meter` carry each worker's last reading as Postgres CPU (the last few milliseconds of each are lost).
 */
function parallelWorkers(meterSql: Client, meter: () => Promise<CpuSnapshot>) {
  const seen = new Map<number, number>();
  return {
    async meter(): Promise<CpuSnapshot> {
      const snapshot = await meter();
      for (const [pid, n] of seen) if (!snapshot.has(pid)) snapshot.set(pid, { name: POSTGRES, ticks: n });
      return snapshot;
    },
    async watching<T>(work: () => Promise<T>): Promise<T> {
      let done = false;
      const poll = (async () => {
        while (!done) {
          const { rows } = await meterSql.query(`select pid from pg_stat_activity where datname = current_database() and backend_type = 'parallel worker'`);
          for (const r of rows) if (!seen.has(Number(r.pid))) seen.set(Number(r.pid), 0);
          for (const [pid, n] of seen) seen.set(pid, Math.max(n, ticks(pid)));
          await new Promise((r) => setTimeout(r, 5));
        }
      })();
      try {
        return await work();
      } finally {
        done = true;
        await poll;
      }
    },
  };
}

export const bench: Benchmark = {
  title: `dashboard of ${DASHBOARD_ROWS.toLocaleString('en')} consignments`,
  async run(): Promise<BenchRow[]> {
    const stack = await startDistributedStack();
    const sql = new Client({ connectionString: stack.databaseUrl });
    await sql.connect();
    // The meter's own connection is left out of what it counts, so it has one of its own: the scan's counts.
    const meterSql = new Client({ connectionString: stack.databaseUrl });
    await meterSql.connect();
    try {
      // CPU of each service and of the Postgres backends; this process only generates the load (the page's
      // browser, or the scan's client) and is not counted, as autocannon is not elsewhere.
      const meter = cpuMeter(meterSql, () => stack.procs.map((p) => ({ name: p.name, pid: p.child.pid! })));
      const workers = parallelWorkers(meterSql, meter);
      const stackPath = [...stack.procs.map((p) => p.name), POSTGRES];
      const company = stack.creds.company;
      const seeded = await seedDashboard(sql, company, (m) => process.stdout.write(`${m}\n`));
      const headers = { authorization: `token ${stack.creds.apiToken}` };
      const [figures] = (await pageLoad(pageUrls(stack, 30), headers)) as Array<{ created_per_day: Array<{ total: number }> }>;
      const shown = figures.created_per_day.reduce((a, d) => a + d.total, 0);
      if (shown !== seeded.last30) throw new Error(`the dashboard shows ${shown} consignments in 30 days, the seed made ${seeded.last30}`);
      const rows: BenchRow[] = [];
      const scanMeter = sideMeter(() => workers.meter(), [POSTGRES]);
      const scan = await scanMs(sql, company, scanMeter, workers);
      const perProcess: BenchRow[] = [];
      for (const days of [30, 90]) {
        const meters = { page: sideMeter(meter, stackPath), floor: sideMeter(meter, stackPath) };
        const t = await timeLoads(pageUrls(stack, days), floorUrls(stack), headers, meters);
        const name = `dashboard page API, ${days} days (${DASHBOARD_ROWS.toLocaleString('en')} consignments)`;
        perProcess.push(...meters.page.rows(name, 'page', LOADS, 'page load (4 requests)'), ...meters.floor.rows(name, '4 carriers lookups (floor)', LOADS, 'page load (4 requests)'));
        const floor = (p: number) => ({ name: '4 carriers lookups (floor)', value: percentile(t.floor, p) });
        rows.push(
          { name, metric: 'p50 page load (4 requests)', value: percentile(t.page, 50), unit: 'ms', baseline: floor(50), target: `< ${TARGET_MS} ms`, pass: percentile(t.page, 50) < TARGET_MS },
          { name, metric: 'p99 page load (4 requests)', value: percentile(t.page, 99), unit: 'ms', baseline: floor(99) },
        );
      }
      const scanName = 'dashboard figures by scanning 1 M consignments per view (SQL only)';
      rows.push({ name: scanName, metric: 'median', value: scan[3], unit: 'ms', baseline: { name: 'page p50 above', value: rows[0].value } });
      return [...rows, ...perProcess, ...scanMeter.rows(scanName, 'scan', SCANS, 'view')];
    } finally {
      await meterSql.end();
      await sql.end();
      await stack.stop();
    }
  },
};
