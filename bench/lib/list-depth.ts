import type { Client } from 'pg';
import type { Stack } from '@waybill/testing/stacks';
import { cpuMeter } from './cpu';
import { compare } from './compare';
import type { BenchRow } from './types';
import { LIST_ROWS } from './bulk-load';

const PAGE = 10;
/** Pages before the deep one: 10,000, or half the list when BENCH_LIST_ROWS makes it shorter (quick runs). */
const DEPTH = Math.min(10_000, Math.floor(LIST_ROWS / PAGE / 2));
const MAX_RATIO = 1.5;

/** Median of a few direct timings of one query: how much of a page's time is the database's. */
async function queryMs(sql: Client, text: string, params: unknown[]): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t = process.hrtime.bigint();
    await sql.query(text, params);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return times.sort((a, b) => a - b)[3];
}

/**
 * Part 2: the first page and the page after the 10,000th (cursor = the 100,000th consignment) of the
 * unfiltered list, through the gateway; plus, timed on their own, the page's rows query and the plain
 * count(*) that `count` would be without the service's counted blocks.
 */
export async function measureListDepth(stack: Stack, sql: Client, log: (m: string) => void): Promise<BenchRow[]> {
  const company = stack.creds.company;
  const { rows } = await sql.query('select identifier, list_seq as seq from consignment.consignments where company = $1 order by list_seq offset $2 limit 1', [company, DEPTH * PAGE - 1]);
  const cursor = rows[0] as { identifier: string; seq: number };
  const list = `${stack.baseUrl}/_api/v1/company/${company}/consignments?limit=${PAGE}`;
  const headers = { authorization: `token ${stack.creds.apiToken}` };
  const pages = { first: list, deep: `${list}&offset=${cursor.identifier}` };
  for (const [which, url] of Object.entries(pages)) {
    const res = await fetch(url, { headers });
    const got = (await res.json()) as { count: number; results: unknown[] };
    const expected = which === 'first' ? LIST_ROWS : LIST_ROWS - DEPTH * PAGE;
    if (res.status !== 200 || got.results.length !== PAGE || got.count !== expected) {
      throw new Error(`${which} page: ${res.status}, ${got.results?.length} results, count ${got.count} (expected ${expected})`);
    }
  }
  log(`list: first page and page ${DEPTH + 1}`);
  const meter = cpuMeter(sql, () => stack.procs.map((p) => ({ name: p.name, pid: p.child.pid! })));
  const [first, deep] = await compare([{ spec: { url: pages.first, headers } }, { spec: { url: pages.deep, headers } }], meter);
  const countSql = 'select count(*) from consignment.consignments where company = $1 and list_seq > $2';
  const pageSql = 'select * from consignment.consignments where company = $1 and list_seq > $2 order by list_seq limit 11';
  const [countFirst, countDeep, pageFirst, pageDeep] = [
    await queryMs(sql, countSql, [company, 0]), await queryMs(sql, countSql, [company, cursor.seq]),
    await queryMs(sql, pageSql, [company, 0]), await queryMs(sql, pageSql, [company, cursor.seq]),
  ];
  const firstName = `list first page (${LIST_ROWS.toLocaleString('en')} rows)`;
  const deepName = `list page ${(DEPTH + 1).toLocaleString('en')} (${LIST_ROWS.toLocaleString('en')} rows)`;
  const vsFirst = (value: number) => ({ name: 'first page', value });
  const target = `<= ${MAX_RATIO}x first page`;
  return [
    { name: firstName, metric: 'throughput', value: first.rps, unit: 'req/s' },
    { name: firstName, metric: 'p50 latency', value: first.p50, unit: 'ms' },
    { name: firstName, metric: 'p99 latency', value: first.p99, unit: 'ms' },
    { name: firstName, metric: 'CPU per request (node + postgres)', value: first.cpuMsPerRequest, unit: 'ms' },
    { name: deepName, metric: 'throughput', value: deep.rps, unit: 'req/s', baseline: vsFirst(first.rps) },
    { name: deepName, metric: 'p50 latency', value: deep.p50, unit: 'ms', baseline: vsFirst(first.p50), target, pass: deep.p50 <= MAX_RATIO * first.p50 },
    { name: deepName, metric: 'p99 latency', value: deep.p99, unit: 'ms', baseline: vsFirst(first.p99), target, pass: deep.p99 <= MAX_RATIO * first.p99 },
    { name: deepName, metric: 'CPU per request (node + postgres)', value: deep.cpuMsPerRequest, unit: 'ms', baseline: vsFirst(first.cpuMsPerRequest) },
    // What `count` would cost counted row by row (as before the consignment_counts blocks), next to the
    // page's own rows query: the reason pages count by blocks.
    { name: 'list page: plain count(*) of later rows (SQL)', metric: 'median', value: countDeep, unit: 'ms', baseline: vsFirst(countFirst) },
    { name: 'list page: rows query (SQL)', metric: 'median', value: pageDeep, unit: 'ms', baseline: vsFirst(pageFirst) },
  ];
}
