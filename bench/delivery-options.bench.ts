import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { availableModes, startStack, type Stack } from '../e2e/support/stack';
import { client } from '../e2e/support/client';
import { freePort } from '../e2e/support/ports';
import { startProcess, waitForReady, type Proc } from '../e2e/support/processes';
import { plainWednesday } from '../e2e/support/delivery';
import { Client } from 'pg';
import { load, type LoadResult } from './lib/load';
import { processMeter } from './lib/process-rows';
import { openLoopPost, type OpenLoopResult } from './lib/open-loop';
import type { Benchmark, BenchRow } from './lib/types';

const RULES = 200;
const CONNECTIONS = 32;
const SECONDS = 5;
/** Runs alternate between the baseline and ours so that both see the same machine (it is shared). */
const ROUNDS = 3;
/** Open-loop rounds per target, interleaved: one 10 s run's p99 on a shared 2-core machine varies several-fold. */
const OPEN_LOOP_ROUNDS = 3;
const SERVICES = [
  'Generic Carrier|Generic Domestic Service GDOM', 'Generic Carrier|Generic Next Day GNXT', 'Generic Carrier|Generic Europe GEUR', 'SwiftPost|SwiftPost 24',
  'SwiftPost|SwiftPost 48', 'Parcelink|Parcelink Standard', 'Parcelink|Parcelink Economy', 'Globex Worldwide|Globex Express Worldwide',
];
const TYPES = ['standard', 'next_day', 'nominated_day', 'same_day', 'service_point'];
const DESTINATIONS = [['GB'], ['EU'], ['US', 'CA'], ['GB', 'IE'], ['AU', 'NZ', 'JP']];

/** A varied rate card: every condition kind, a quarter of it reachable from a GB checkout. */
function rule(i: number): Record<string, unknown> {
  const conditions: Record<string, unknown> = { countries: DESTINATIONS[i % DESTINATIONS.length], max_package_weight_kg: 10 + (i % 4) * 10, max_package_dimensions_cm: [120, 60, 60] };
  if (i % 3 === 0) conditions.postcodes = ['E*', 'N*', 'SW*', 'EC*'];
  if (i % 7 === 0) conditions.exclude_postcodes = ['BT*', 'HS*', 'ZE*'];
  if (i % 5 === 0) conditions.shipping_methods = ['express'];
  if (i % 6 === 0) conditions.min_order_value = '20.00';
  if (i % 11 === 0) conditions.options = { signature_required: 'true' };
  const price = i % 2 === 0 ? { amount: `${3 + (i % 9)}.${i % 100 < 10 ? '0' : ''}${i % 100}` } : { weight_bands: [{ up_to_kg: 2, amount: '2.99' }, { up_to_kg: 10, amount: '4.99' }, { up_to_kg: 40, amount: '9.99' }], free_above: '75.00' };
  const type = TYPES[i % TYPES.length];
  return {
    name: `bench rule ${i}`, service_id: SERVICES[i % SERVICES.length], delivery_type: type, conditions, price,
    schedule: { cutoff: `${String(12 + (i % 6)).padStart(2, '0')}:30`, ...(type === 'nominated_day' ? { nominated_days: 3 } : {}), ...(type === 'same_day' ? { transit_days: 0 } : {}) },
  };
}

const CHECKOUT = {
  recipient: { name: 'Ada', address: { address1: '1 High St', city: 'London', postcode: 'E1 6AN', country: 'GB' } },
  shipping_date: plainWednesday(), order_value: 42.5, currency: 'GBP',
  packages: [{ weight: 1.2, length: 30, width: 20, height: 10 }, { weight: 3.4, length: 40, width: 30, height: 20 }],
};

async function replaceRules(stack: Stack): Promise<void> {
  const api = client(stack);
  for (const r of (await api.get('/delivery-rules')).body) await api.del(`/delivery-rules/${r.id}`);
  for (let i = 0; i < RULES; i++) {
    const res = await api.post('/delivery-rules', rule(i));
    if (res.status !== 201) throw new Error(`rule ${i}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

function checked(label: string, r: LoadResult): LoadResult {
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${label}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return r;
}

function median<T>(runs: T[], by: (r: T) => number): T {
  return [...runs].sort((a, b) => by(a) - by(b))[Math.floor(runs.length / 2)];
}

export const bench: Benchmark = {
  title: `delivery options through the gateway, ${RULES} rules per company`,
  async run(): Promise<BenchRow[]> {
    const mode = availableModes().includes('distributed') ? 'distributed' : 'one-process';
    const stack = await startStack(mode, { RATE_LIMIT_PER_MINUTE: '100000000' });
    const dir = mkdtempSync(join(tmpdir(), 'waybill-bench-'));
    const baselinePort = await freePort();
    const proxyPort = await freePort();
    let baseline;
    let proxy;
    try {
      await replaceRules(stack);
      const url = `${stack.baseUrl}/api/2.0.0/company/${stack.creds.company}/delivery_options/`;
      const headers = { authorization: `Api-Key ${stack.creds.deliveryOptionsKey}` };
      const answer = await client(stack, '').post(url, CHECKOUT, { auth: { header: headers.authorization } });
      if (answer.status !== 200 || answer.body.delivery_options.length === 0) throw new Error(`checkout answered ${answer.status}: ${answer.text.slice(0, 300)}`);
      writeFileSync(join(dir, 'answer.json'), answer.text);
      baseline = startProcess('baseline', 'bench/lib/fixed-answer-server.ts', { PORT: String(baselinePort), FIXED_BODY_FILE: join(dir, 'answer.json') });
      proxy = startProcess('bare proxy', 'bench/lib/bare-proxy-server.ts', { PORT: String(proxyPort), UPSTREAM_PORT: String(baselinePort) });
      const bare = `http://127.0.0.1:${baselinePort}/`;
      const proxied = `http://127.0.0.1:${proxyPort}/`;
      await waitForReady(`${bare}healthz`, [baseline]);
      await waitForReady(`${proxied}healthz`, [baseline, proxy]);
      const run = (target: string, rate?: number) => load({ url: target, body: CHECKOUT, headers, connections: CONNECTIONS, durationSec: SECONDS, rate });
      await load({ url, body: CHECKOUT, headers, connections: CONNECTIONS, durationSec: 3 });
      await load({ url: bare, body: CHECKOUT, connections: CONNECTIONS, durationSec: 2 });
      const bareRuns: LoadResult[] = [];
      const oursRuns: LoadResult[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        bareRuns.push(checked('bare max', await run(bare)));
        oursRuns.push(checked('ours max', await run(url)));
      }
      const bareMax = median(bareRuns, (r) => r.rps);
      const oursMax = median(oursRuns, (r) => r.rps);
      const half = Math.max(1, Math.floor(oursMax.rps / 2));
      // CPU per request and memory of each process at half the maximum rate (Postgres backends when the stack has a database).
      const sql = stack.databaseUrl ? new Client({ connectionString: stack.databaseUrl }) : undefined;
      await sql?.connect();
      const perProcess: BenchRow[] = [];
      const metered = async (side: string, procs: Proc[], target: string): Promise<LoadResult> => {
        const meter = processMeter(sql, () => procs.map((p) => ({ name: p.name, pid: p.child.pid! })));
        await meter.start();
        const r = checked(`${side} at half rate`, await run(target, half));
        await meter.loadEnded();
        perProcess.push(...await meter.rows(`delivery options at ${half} req/s`, side, r.ok));
        return r;
      };
      const oursHalf = await metered('ours', stack.procs, url).catch(async (err) => { await sql?.end(); throw err; });
      const bareHalf = await metered('bare', [baseline], bare).finally(() => sql?.end());
      // The same rate evenly spaced (open loop): autocannon's paced connections fire together, so at
      // a fixed rate its latency is mostly the queue of each burst of CONNECTIONS requests. Besides the
      // bare endpoint, the bare endpoint behind one do-nothing proxy hop: the floor of any gateway path.
      const evenly = async (target: string, h: Record<string, string>): Promise<OpenLoopResult> => {
        const r = await openLoopPost(target, CHECKOUT, h, half, SECONDS * 2);
        if (r.failed > 0) throw new Error(`open loop at ${half} req/s against ${target}: ${r.failed} failed`);
        return r;
      };
      const even: Record<'bare' | 'proxied' | 'ours', OpenLoopResult[]> = { bare: [], proxied: [], ours: [] };
      for (let i = 0; i < OPEN_LOOP_ROUNDS; i++) {
        even.bare.push(await evenly(bare, {}));
        even.proxied.push(await evenly(proxied, {}));
        even.ours.push(await evenly(url, headers));
      }
      const mid = (runs: OpenLoopResult[], by: 'p50' | 'p99') => median(runs, (r) => r[by])[by];
      const name = `delivery options, ${RULES} rules, ${answer.body.delivery_options.length} options (${mode})`;
      const base = 'bare express, fixed answer';
      const hop = 'node:http proxy → bare express';
      return [
        { name, metric: 'max throughput', value: oursMax.rps, unit: 'req/s', baseline: { name: base, value: bareMax.rps }, target: '>= 0.5x baseline', pass: oursMax.rps >= 0.5 * bareMax.rps },
        { name, metric: `p50 at ${half} req/s (${CONNECTIONS} paced connections)`, value: oursHalf.p50, unit: 'ms', baseline: { name: base, value: bareHalf.p50 } },
        { name, metric: `p99 at ${half} req/s (${CONNECTIONS} paced connections)`, value: oursHalf.p99, unit: 'ms', baseline: { name: base, value: bareHalf.p99 } },
        { name, metric: `p50 at ${half} req/s (open loop, evenly spaced, median of ${OPEN_LOOP_ROUNDS})`, value: mid(even.ours, 'p50'), unit: 'ms', baseline: { name: base, value: mid(even.bare, 'p50') } },
        { name, metric: `p99 at ${half} req/s (open loop, evenly spaced, median of ${OPEN_LOOP_ROUNDS})`, value: mid(even.ours, 'p99'), unit: 'ms', baseline: { name: base, value: mid(even.bare, 'p99') } },
        { name, metric: `p50 at ${half} req/s (open loop), against one bare proxy hop`, value: mid(even.ours, 'p50'), unit: 'ms', baseline: { name: hop, value: mid(even.proxied, 'p50') } },
        { name, metric: `p99 at ${half} req/s (open loop), against one bare proxy hop`, value: mid(even.ours, 'p99'), unit: 'ms', baseline: { name: hop, value: mid(even.proxied, 'p99') },
          // Issue 22 target 4: relative to the floor of the same run, not an absolute p99 on a shared machine.
          target: '<= 3x bare proxy hop', pass: mid(even.ours, 'p99') <= 3 * mid(even.proxied, 'p99') },
        ...perProcess,
      ];
    } finally {
      await proxy?.stop();
      await baseline?.stop();
      await stack.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
