import { dhlExpressAdapter, pollInBatches, POLL_MAX_INTERVAL_MS, royalMailAdapter, sandboxRegistry, type BookingRequest, type Carrier } from '@waybill/carriers';
import { eventually } from '@waybill/testing';
import { startProcess } from '@waybill/testing';
import { cpuMeter } from './lib/cpu';
import { benchProcess, CARRIER_DOUBLE, sideMeter } from './lib/process-rows';
import type { Benchmark, BenchRow } from './lib/types';

/**
 * Booking through the Royal Mail and DHL Express adapters against their doubles (each in its own
 * process, so the double's work is not counted as ours), next to the same bookings on a sandbox carrier:
 * bookings per second at 8 in flight and the p95 each adapter adds (HTTP, JSON, field checks, breaker,
 * pacing lifted, metrics). Then polling cost: carrier calls to poll 1,000 open tracking numbers, counted
 * by the double, as calls an hour once every number is polled every 2 hours (the schedule's ceiling).
 * CPU per booking (and per polling round) of each process on the path, and its memory when the load
 * ended: the adapters and the sandbox carrier run as libraries inside this process, beside the load loop,
 * so this process counts under a name that says so; each double is its own process.
 */
// A log line per carrier call written to this process's stdout would be measured as the adapter's cost.
process.env.LOG_LEVEL ??= 'warn';
const N = 1000;
const IN_FLIGHT = 8;
const RM = { key: 'bench-rm-key', trackingId: 'bench-rm-track', trackingSecret: 'bench-rm-secret' };
const DHL = { key: 'bench-dhl-key', secret: 'bench-dhl-secret', account: '123456789' };
const ADAPTER = 'bench process (adapter + load loop)';
const POLLER = 'bench process (adapter + pollInBatches)';
const SANDBOX = 'bench process (sandbox carrier + load loop)';
type SideMeter = ReturnType<typeof sideMeter>;

function request(i: number, serviceName: string): BookingRequest {
  return {
    company: 'bench', consignmentIdentifier: `c${i}`, orderNumber: `BENCH-${i}`, serviceName,
    origin: { company_name: 'Bench Ltd', name: 'Dispatch', address1: '1 Warehouse Way', city: 'London', postcode: 'E14 5AB', country: 'GB' },
    destination: { name: 'Jane Smith', address1: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', country: 'GB' },
    parcels: [{ weightKg: 2, lengthCm: 30, widthCm: 20, heightCm: 10 }], options: {},
    originContact: { phone: '+44 20 7946 0000' }, destinationContact: { phone: '07700 900123' },
  };
}

async function bookMany(carrier: Carrier, serviceName: string, n = N, meter?: SideMeter): Promise<{ perSecond: number; p95: number; numbers: string[] }> {
  const latencies: number[] = [];
  const numbers: string[] = [];
  let next = 0;
  await meter?.begin();
  const started = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (next < n) {
      const i = next++;
      const t = performance.now();
      numbers.push(...(await carrier.book(request(i, serviceName))).trackingNumbers);
      latencies.push(performance.now() - t);
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  await meter?.end();
  latencies.sort((a, b) => a - b);
  return { perSecond: n / seconds, p95: latencies[Math.floor(latencies.length * 0.95)], numbers };
}

async function double(name: string, entry: string, env: Record<string, string>) {
  const proc = startProcess(name, entry, env);
  const url = await eventually(() => /listening on (\S+)/.exec(proc.output())?.[1], { timeoutMs: 30_000, what: `the ${name} double` });
  const state = async () => (await (await fetch(`${url}/__double/state`)).json()) as { requests: number; violations: string[] };
  return { name, pid: proc.child.pid!, url, state, kill: () => proc.kill() };
}

type Double = Awaited<ReturnType<typeof double>>;

/**
 * A meter of this process under `name` and of the doubles it started (they descend from it: listed after
 * it, they keep their own names): `on`, the double on the path, as the carrier double, the others apart.
 */
function meterOf(name: string, doubles: Double[], on?: Double): SideMeter {
  const roots = () => [benchProcess(name), ...doubles.map((d) => ({ name: d === on ? CARRIER_DOUBLE : `${d.name} double`, pid: d.pid }))];
  return sideMeter(cpuMeter(undefined, roots), [name, CARRIER_DOUBLE]);
}

interface Subject { label: string; carrier: Carrier; service: string; batch: number; double: Double; doubles: Double[] }

async function measure(s: Subject, base: { perSecond: number; p95: number }): Promise<BenchRow[]> {
  await bookMany(s.carrier, s.service, 50); // warm-up
  const bookings = meterOf(ADAPTER, s.doubles, s.double);
  const booked = await bookMany(s.carrier, s.service, N, bookings);
  const before = (await s.double.state()).requests;
  const polls = meterOf(POLLER, s.doubles, s.double);
  const round = await polls.around(() => pollInBatches(s.carrier, booked.numbers.slice(0, 1000).map((trackingNumber) => ({ trackingNumber }))));
  const after = await s.double.state();
  if (after.violations.length) throw new Error(`the ${s.label} double saw requests off its description: ${after.violations.slice(0, 3).join('; ')}`);
  const perHour = (after.requests - before) * (3_600_000 / POLL_MAX_INTERVAL_MS);
  const minimum = Math.ceil(1000 / s.batch) * (3_600_000 / POLL_MAX_INTERVAL_MS);
  return [
    { name: `${s.label} booking through the adapter (double in its own process, 8 in flight)`, metric: 'throughput', value: booked.perSecond, unit: 'bookings/s', baseline: { name: 'sandbox carrier, no network', value: base.perSecond } },
    { name: `${s.label} booking: p95 added over the sandbox carrier`, metric: 'p95 added', value: booked.p95 - base.p95, unit: 'ms', baseline: { name: 'sandbox carrier p95', value: base.p95 } },
    { name: `${s.label} polling 1,000 open numbers every 2 h (${round.calls} calls a round, batches of ${s.batch})`, metric: 'carrier calls', value: perHour, unit: 'per 1,000 numbers per hour', target: `<= ${minimum} (the batch size's minimum)`, pass: perHour <= minimum },
    ...bookings.rows(`${s.label} booking through the adapter`, s.label, N, 'booking'),
    ...polls.rows(`${s.label} polling 1,000 open numbers`, s.label, 1, 'round of 1,000 numbers'),
  ];
}

export const bench: Benchmark = {
  title: 'Carrier adapters: Royal Mail Click & Drop and DHL Express against their doubles',
  async run(): Promise<BenchRow[]> {
    const rm = await double('Royal Mail', 'libs/carrier-doubles/src/royalmail/main.ts', { RM_DOUBLE_ACCOUNTS: `${RM.key}:oba:${RM.trackingId}:${RM.trackingSecret}` });
    const dhl = await double('DHL Express', 'libs/carrier-doubles/src/dhl-express/main.ts', { DHL_DOUBLE_ACCOUNTS: `${DHL.key}:${DHL.secret}:${DHL.account}` });
    try {
      const sandbox = sandboxRegistry().find('generic')!;
      await bookMany(sandbox, 'Generic Domestic Service GDOM', 200);
      const doubles = [rm, dhl];
      const sandboxMeter = meterOf(SANDBOX, doubles);
      const base = await bookMany(sandbox, 'Generic Domestic Service GDOM', N, sandboxMeter);
      // Each account's pace is lifted so the adapter's own cost is measured, not the pace it keeps by default.
      const env = { CARRIER_BASE_URL_ROYALMAIL: rm.url, CARRIER_RATE_LIMIT_ROYALMAIL: '100000/1000', CARRIER_BASE_URL_DHL_EXPRESS: dhl.url, CARRIER_RATE_LIMIT_DHL_EXPRESS: '100000/1000' };
      const account = { company: 'bench', testMode: true, bookingLabelFormat: 'pdf' as const };
      const rmCarrier = royalMailAdapter({ env }).forAccount({ ...account, id: 'bench-rm', credentials: { api_key: RM.key, tracking_client_id: RM.trackingId, tracking_client_secret: RM.trackingSecret } });
      const dhlCarrier = dhlExpressAdapter({ env }).forAccount({ ...account, id: 'bench-dhl', credentials: { api_key: DHL.key, api_secret: DHL.secret, account_number: DHL.account } });
      return [
        ...(await measure({ label: 'Royal Mail', carrier: rmCarrier, service: 'Royal Mail Tracked 24', batch: 30, double: rm, doubles }, base)),
        ...(await measure({ label: 'DHL Express', carrier: dhlCarrier, service: 'DHL Express Domestic', batch: 10, double: dhl, doubles }, base)),
        ...sandboxMeter.rows('sandbox carrier booking (the baseline)', 'sandbox carrier', N, 'booking'),
      ];
    } finally {
      await Promise.all([rm.kill(), dhl.kill()]);
    }
  },
};
