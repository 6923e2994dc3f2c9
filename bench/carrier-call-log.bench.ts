import { randomBytes } from 'node:crypto';
import { startCarrierLinkService, SCHEMA } from '@waybill/carrier-link';
import { openDatabase } from '@waybill/db';
import type { RunningService } from '@waybill/http';
import { signInternalToken } from '@waybill/internal-auth';
import { InlineJobDriver } from '@waybill/jobs';
import { createLogger } from '@waybill/logger';
import { InProcessEventBus } from '@waybill/messaging';
import { createTestDatabase, eventually, type TestDatabase } from '@waybill/testing';
import { startProcess } from '../e2e/support/processes';
import type { Benchmark, BenchRow } from './lib/types';

/**
 * What recording every carrier call costs a booking: carrier-link (in this process, on Postgres) booking
 * at the UPS double (its own process) through its internal API, 8 bookings in flight, once with the call
 * log and once without it (the same service built with `recordCalls: false`), in interleaved rounds of
 * the same run; bookings per second and p95 of each, the best round of each side. Then how many calls the
 * logged side wrote (every one must be there: the log drops nothing at this rate).
 */
const CLIENT = { id: 'bench-calls-client', secret: 'bench-calls-secret-0001', account: 'B3NCH2' };
const SECRET = 'bench-call-log-internal-secret';
const N = 200;
const ROUNDS = 3;
const IN_FLIGHT = 8;

interface Side {
  name: string;
  svc: RunningService;
  db: TestDatabase;
  jobs: InlineJobDriver;
  base: string;
  /** A fresh internal token (they are short-lived). */
  auth: () => string;
}

const booking = (postcode = 'SW1A 2AA') => ({
  orderNumber: 'BENCH', serviceName: 'UPS Standard',
  origin: { company_name: 'Bench Ltd', name: 'Dispatch', address1: '1 Warehouse Way', city: 'London', postcode: 'E14 5AB', country: 'GB' },
  destination: { name: 'Jane Smith', address1: '10 Downing Street', city: 'London', postcode, country: 'GB' },
  parcels: [{ weightKg: 2, lengthCm: 30, widthCm: 20, heightCm: 10 }], options: {},
});

async function side(name: string, upsUrl: string, recordCalls: boolean): Promise<Side> {
  const db = await createTestDatabase();
  const logger = createLogger('bench', { level: 'silent' });
  const jobs = new InlineJobDriver({ logger });
  const env = { CARRIER_BASE_URL_UPS: upsUrl, CARRIER_RATE_LIMIT_UPS: '100000/1000' };
  const svc = await startCarrierLinkService({
    db: db.target, bus: new InProcessEventBus({ logger }), jobs, logger, internalJwtSecret: SECRET,
    dataEncryptionKey: randomBytes(32).toString('base64'), defaultPublicUrl: 'https://waybill.example.com', peers: {}, port: 0, host: '127.0.0.1',
  }, { env, recordCalls });
  const company = 'bench';
  const s: Side = {
    name, svc, db, jobs, base: `http://127.0.0.1:${svc.port}/companies/${company}`,
    auth: () => `Bearer ${signInternalToken(SECRET, 'carrier-link', { company, principal: 'token:bench' })}`,
  };
  // A ZPL account: the double's GIF drawing would otherwise be most of what is measured.
  const res = await post(s, '/carrier-accounts', {
    carrier: 'ups', name: 'UPS', test_mode: true, booking_label_format: 'zpl',
    credentials: { client_id: CLIENT.id, client_secret: CLIENT.secret, account_number: CLIENT.account },
  });
  if (res.status !== 201) throw new Error(`${name}: account not created (${res.status})`);
  return s;
}

async function post(s: Side, path: string, body: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${s.base}${path}`, { method: 'POST', headers: { authorization: s.auth(), 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

async function round(s: Side): Promise<{ perSecond: number; p95: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (next < N) {
      next++;
      const t = performance.now();
      const res = await post(s, '/carrier-bookings', { consignment_identifier: randomBytes(16).toString('hex'), carrier: 'ups', request: booking() });
      if (res.status !== 201) throw new Error(`${s.name}: booking answered ${res.status} ${JSON.stringify(res.body)}`);
      latencies.push(performance.now() - t);
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: N / seconds, p95: latencies[Math.floor(latencies.length * 0.95)] };
}

export const bench: Benchmark = {
  title: 'Carrier call log: UPS bookings through carrier-link with and without recording',
  async run(): Promise<BenchRow[]> {
    const proc = startProcess('ups-double', 'libs/carrier-doubles/src/ups/main.ts', {
      UPS_DOUBLE_PORT: '0', UPS_DOUBLE_CLIENTS: `${CLIENT.id}:${CLIENT.secret}:${CLIENT.account}`,
    });
    const sides: Side[] = [];
    try {
      const url = await eventually(() => /listening on (\S+)/.exec(proc.output())?.[1], { timeoutMs: 30_000, what: 'the UPS double' });
      const logged = await side('with the call log', url, true);
      sides.push(logged);
      const bare = await side('without the call log', url, false);
      sides.push(bare);
      for (const s of sides) await round(s); // warm-up: tokens, JIT, connection pools
      const results = new Map<Side, Array<{ perSecond: number; p95: number }>>(sides.map((s) => [s, []]));
      for (let i = 0; i < ROUNDS; i++) {
        for (const s of i % 2 ? [...sides].reverse() : sides) results.get(s)!.push(await round(s));
      }
      const best = (s: Side) => ({
        perSecond: Math.max(...results.get(s)!.map((r) => r.perSecond)),
        p95: Math.min(...results.get(s)!.map((r) => r.p95)),
      });
      const withLog = best(logged);
      const without = best(bare);
      // Every booking's calls end up in the log (each booking: one ship call, and one subscription call soon after).
      const database = openDatabase<any>(logged.db.target, SCHEMA);
      const bookings = (ROUNDS + 1) * N;
      let recorded = 0;
      try {
        await eventually(async () => {
          const row = await database.db.selectFrom('carrier_calls').select((eb: any) => eb.fn.countAll().as('n')).where('operation', '=', 'book').executeTakeFirstOrThrow() as { n: string };
          recorded = Number(row.n);
          return recorded >= bookings;
        }, { timeoutMs: 30_000, what: 'every booking call recorded' });
      } finally {
        await database.close();
      }
      return [
        { name: 'UPS booking through carrier-link (double in its own process, 8 in flight), with the call log', metric: 'throughput', value: withLog.perSecond, unit: 'bookings/s',
          baseline: { name: 'the same service without the call log', value: without.perSecond }, target: '>= 0.9x baseline', pass: withLog.perSecond >= 0.9 * without.perSecond },
        { name: 'UPS booking through carrier-link, with the call log', metric: 'p95 latency', value: withLog.p95, unit: 'ms', baseline: { name: 'without the call log', value: without.p95 } },
        { name: 'booking calls recorded by the call log', metric: 'recorded', value: recorded, unit: `of ${bookings} bookings`, target: `= ${bookings}`, pass: recorded === bookings },
      ];
    } finally {
      for (const s of sides) {
        await s.svc.stop();
        await s.jobs.close();
        await s.db.drop();
      }
      await proc.kill();
    }
  },
};
