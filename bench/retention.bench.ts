import { migrateToLatest, openDatabase, sql } from '@waybill/db';
import { createLogger } from '@waybill/logger';
import { createTestDatabase } from '@waybill/testing';
import type { ConsignmentDb } from '../services/consignment/src/database';
import { migrations } from '../services/consignment/src/migrations';
import { SWEEP_BATCH, sweepDue } from '../services/consignment/src/retention/retention.sweep';
import { useLocalServers } from './lib/stack';
import type { Benchmark, BenchRow } from './lib/types';

/** Consignments in the table, all past their retention period (the issue's figure: a million). */
const ROWS = Number(process.env.BENCH_RETENTION_ROWS ?? 1_000_000);
/** How long each of the two measured runs may take at most: the sweep stops there and its rate is what it did. */
const SECONDS = Number(process.env.BENCH_RETENTION_SECONDS ?? 60);
/** Each run erases at most half the table, so the baseline has as many due rows left as the sweep had. */
const HALF = Math.floor(ROWS / 2);
const NAME = `personal data retention sweep (${ROWS.toLocaleString('en')} due consignments)`;

/** Consignments changed just now (not due), read by the latency probe while the sweep runs. */
const LIVE = 10_000;
/** The probe's pace: one read of a live consignment every PROBE_MS. */
const PROBE_MS = 5;

interface Probe { stop(): Promise<{ p50: number; p99: number; n: number }> }

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

function log(message: string): void {
  process.stdout.write(`  [${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/**
 * The nightly sweep (docs/operations.md#retention-and-erasure) over a consignment table of ROWS
 * consignments, every one delivered 400 days ago under the default 365-day period, on the real Postgres.
 * The rows are inserted by one generate_series statement, each with a full recipient as the API stores
 * it. Measured: the sweep (batches of SWEEP_BATCH, each erasing the recipients in one UPDATE and writing
 * their erasure events to the outbox, one transaction) for up to SECONDS or half the table, then the baseline on
 * the rows still due, as long or as many at most: the same batches found through the same index, but a plain UPDATE marking the
 * rows (no JSON rewritten, no event), i.e. the floor of touching that many rows in batches. Meanwhile a
 * probe reads one of LIVE recently changed consignments by identifier every PROBE_MS on another pooled
 * connection, as a request would: its latency idle, during the sweep and during the baseline is the
 * sweep's effect on requests.
 */
export const bench: Benchmark = {
  title: 'Retention: the sweep that erases personal data, rows per second',
  async run(): Promise<BenchRow[]> {
    useLocalServers();
    const tdb = await createTestDatabase();
    if (!tdb.url) throw new Error('the retention bench needs the real Postgres (DATABASE_URL or one at 127.0.0.1:5432)');
    const database = openDatabase<ConsignmentDb>(tdb.target, 'consignment');
    const db = database.db;
    try {
      await migrateToLatest(db, 'consignment', migrations);
      let t = Date.now();
      await sql`insert into consignment.consignments (identifier, company, order_number, status, warehouse_id, data, updated_at)
        select md5(i::text), 'bench-co', 'ORD-' || i, 'Delivered', 'bench-co|Main',
          jsonb_build_object('create_date', '2025-10-01T09:00:00Z', 'delivery_instructions', 'Leave with the neighbour at number ' || i,
            'recipient', jsonb_build_object('name', 'Recipient ' || i, 'company_name', 'Company ' || i, 'email_address', 'r' || i || '@example.com',
              'contact_number', '07700 ' || i, 'address', jsonb_build_object('address1', i || ' High Street', 'address2', 'Flat ' || i, 'city', 'London',
                'postcode', 'SW1A ' || (i % 10) || 'AA', 'country', 'GB')),
            'packages', jsonb_build_array(jsonb_build_object('weight', 1, 'tracking_number', 'GC' || i))),
          now() - interval '400 days'
        from generate_series(1, ${ROWS}) as i`.execute(db);
      await sql`insert into consignment.consignments (identifier, company, order_number, status, warehouse_id, data)
        select 'live-' || i, 'bench-live', 'LIVE-' || i, 'Allocated', 'bench-live|Main',
          jsonb_build_object('create_date', '2026-11-27T09:00:00Z', 'recipient', jsonb_build_object('name', 'Live ' || i,
            'address', jsonb_build_object('address1', i || ' Low Road', 'city', 'Leeds', 'postcode', 'LS1 1AA', 'country', 'GB')))
        from generate_series(1, ${LIVE}) as i`.execute(db);
      await sql`analyze consignment.consignments`.execute(db);
      log(`${ROWS} due consignments inserted in ${((Date.now() - t) / 1000).toFixed(1)} s`);

      const deps = { db, logger: createLogger('bench', { level: 'silent' }), afterCommit: () => undefined };
      const sweep = async (): Promise<{ rows: number; seconds: number }> => {
        const start = Date.now();
        let rows = 0;
        while (Date.now() - start < SECONDS * 1000 && rows < HALF) {
          const n = await sweepDue(deps, new Date(), SWEEP_BATCH, 1);
          rows += n;
          if (n < SWEEP_BATCH) break;
        }
        return { rows, seconds: (Date.now() - start) / 1000 };
      };
      const plainUpdate = async (): Promise<{ rows: number; seconds: number }> => {
        const start = Date.now();
        let rows = 0;
        while (Date.now() - start < SECONDS * 1000 && rows < HALF) {
          const r = await sql`update consignment.consignments set erased_at = now() where seq in (
              select seq from consignment.consignments where erased_at is null and updated_at < now() - interval '365 days'
              limit ${SWEEP_BATCH} for update skip locked)`.execute(db);
          const n = Number(r.numAffectedRows ?? 0);
          rows += n;
          if (n < SWEEP_BATCH) break;
        }
        return { rows, seconds: (Date.now() - start) / 1000 };
      };

      // A request's read of one consignment (by identifier, on its own pooled connection) while each side runs.
      const probe = (): Probe => {
        const latencies: number[] = [];
        let running = true;
        const loop = (async () => {
          while (running) {
            const t0 = performance.now();
            await sql`select data from consignment.consignments where company = 'bench-live' and identifier = ${`live-${1 + Math.floor(Math.random() * LIVE)}`}`.execute(db);
            latencies.push(performance.now() - t0);
            await new Promise((resolve) => setTimeout(resolve, PROBE_MS));
          }
        })();
        return {
          async stop() {
            running = false;
            await loop;
            const sorted = latencies.sort((a, b) => a - b);
            return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), n: sorted.length };
          },
        };
      };
      const idleProbe = probe();
      await new Promise((resolve) => setTimeout(resolve, 5000));
      const idle = await idleProbe.stop();
      log(`read latency idle: p50 ${idle.p50.toFixed(2)} ms, p99 ${idle.p99.toFixed(2)} ms (${idle.n} reads)`);

      t = Date.now();
      const sweepProbe = probe();
      const swept = await sweep();
      const duringSweep = await sweepProbe.stop();
      log(`read latency during the sweep: p50 ${duringSweep.p50.toFixed(2)} ms, p99 ${duringSweep.p99.toFixed(2)} ms (${duringSweep.n} reads)`);
      log(`sweep: ${swept.rows} consignments erased in ${swept.seconds.toFixed(1)} s`);
      const events = (await sql<{ n: string }>`select count(*) as n from consignment.outbox`.execute(db)).rows[0].n;
      if (Number(events) !== swept.rows) throw new Error(`${events} erasure events for ${swept.rows} erased consignments`);
      const left = await db.selectFrom('consignments').select('data').where('erased_at', 'is not', null).limit(1).executeTakeFirstOrThrow();
      if (JSON.stringify(left.data).includes('High Street')) throw new Error('a swept consignment still holds its street');
      const plainProbe = probe();
      const plain = await plainUpdate();
      const duringPlain = await plainProbe.stop();
      log(`read latency during the plain UPDATE: p50 ${duringPlain.p50.toFixed(2)} ms, p99 ${duringPlain.p99.toFixed(2)} ms`);
      log(`baseline: ${plain.rows} rows marked in ${plain.seconds.toFixed(1)} s`);
      const rate = (r: { rows: number; seconds: number }) => Math.round(r.rows / r.seconds);
      const projected = rate(swept) > 0 ? ROWS / rate(swept) : Number.POSITIVE_INFINITY;
      log(`at this rate a sweep of all ${ROWS} takes ${projected.toFixed(0)} s`);
      return [
        { name: NAME, metric: 'throughput', value: rate(swept), unit: 'rows/s', baseline: { name: 'plain batched UPDATE of the same rows', value: rate(plain) } },
        { name: NAME, metric: 'p50 read of one consignment meanwhile', value: duringSweep.p50, unit: 'ms', baseline: { name: 'idle', value: idle.p50 } },
        { name: NAME, metric: 'p99 read of one consignment meanwhile', value: duringSweep.p99, unit: 'ms', baseline: { name: 'idle', value: idle.p99 } },
        { name: NAME, metric: 'p99 read of one consignment meanwhile', value: duringSweep.p99, unit: 'ms', baseline: { name: 'during the plain batched UPDATE', value: duringPlain.p99 } },
        { name: NAME, metric: 'time for the whole table (projected)', value: Math.round(projected), unit: 's', baseline: { name: 'plain batched UPDATE of the same rows', value: Math.round(ROWS / Math.max(1, rate(plain))) } },
      ];
    } finally {
      await database.close();
      await tdb.drop();
    }
  },
};
