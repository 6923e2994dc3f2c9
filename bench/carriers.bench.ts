import { upsAdapter, sandboxRegistry, MemoryTokenStore, TokenCache, type BookingRequest, type Carrier } from '@waybill/carriers';
import type { Benchmark, BenchRow } from './lib/types';
import { startProcess, type Proc } from '@waybill/testing';
import { cpuMeter } from './lib/cpu';
import { benchProcess, CARRIER_DOUBLE, sideMeter } from './lib/process-rows';
import { eventually } from '@waybill/testing';
import { dhlDoubleLabel, upsDoubleZplLabel } from '@waybill/carrier-doubles';
import { renderBookedLabels, type DocumentType } from '@waybill/carrier-labels';

/**
 * Booking through the UPS adapter against the UPS double (in its own process, so its work is not ours),
 * next to the same bookings on a sandbox carrier (no network): bookings per second at 8 in flight, the
 * p95 the adapter adds (HTTP, JSON, token cache, breaker, pacing, metrics) and token requests per
 * 1,000 bookings (goal: 1). Then stored labels converted for a documents request, one at a time: a ZPL
 * label (the UPS double's) rendered to PNG and PDF, next to a PDF label (the DHL double's) rendered to PNG
 * and placed on a PDF page, the conversions Royal Mail and PDF-booked DHL labels already take.
 * CPU per booking (and per label) of each process on the path, and its memory when the load ended: the
 * adapter, the sandbox carrier and the label renderer (with its thread) run as libraries inside this
 * process, beside the load loop, so this process counts under a name that says so; the double is its own.
 */
const CLIENT = { id: 'bench-client', secret: 'bench-secret-0001', account: 'B3NCH1' };
const N = 1000;
const IN_FLIGHT = 8;
const ADAPTER = 'bench process (UPS adapter + load loop)';
const SANDBOX = 'bench process (sandbox carrier + load loop)';
const RENDERER = 'bench process (label renderer + its thread)';
type SideMeter = ReturnType<typeof sideMeter>;

function request(i: number): BookingRequest {
  return {
    company: 'bench', consignmentIdentifier: `c${i}`, orderNumber: `BENCH-${i}`, serviceName: '',
    origin: { company_name: 'Bench Ltd', name: 'Dispatch', address1: '1 Warehouse Way', city: 'London', postcode: 'E14 5AB', country: 'GB' },
    destination: { name: 'Jane Smith', address1: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', country: 'GB' },
    parcels: [{ weightKg: 2, lengthCm: 30, widthCm: 20, heightCm: 10 }], options: {},
    originContact: { phone: '+44 20 7946 0000' }, destinationContact: { phone: '07700 900123' },
  };
}

async function run(carrier: Carrier, serviceName: string, meter?: SideMeter): Promise<{ perSecond: number; p95: number }> {
  const latencies: number[] = [];
  let next = 0;
  await meter?.begin();
  const started = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (next < N) {
      const i = next++;
      const t = performance.now();
      await carrier.book({ ...request(i), serviceName });
      latencies.push(performance.now() - t);
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  await meter?.end();
  latencies.sort((a, b) => a - b);
  return { perSecond: N / seconds, p95: latencies[Math.floor(latencies.length * 0.95)] };
}

const LABEL_SECONDS = 3;

/**
 * Labels converted a second, one request at a time, each label new bytes (nothing cached), for at most 3 s
 * or 300 labels; and the CPU per label of this process, which converts them (the double is idle).
 */
async function labelsPerSecond(format: 'zpl' | 'pdf', documentType: DocumentType, double: Proc): Promise<{ perSecond: number; perProcess: BenchRow[] }> {
  const label = (i: number) => format === 'zpl'
    ? upsDoubleZplLabel(`1ZB3NCH1${String(i).padStart(10, '0')}`, '11', { city: 'London', postcode: 'SW1A 2AA', country: 'GB' })
    : dhlDoubleLabel('pdf', `JD0146${String(i).padStart(14, '0')}`, String(i).padStart(10, '9'), { cityName: 'London', postalCode: 'SW1A 2AA', countryCode: 'GB' });
  const convert = (i: number) => renderBookedLabels({ labelFormat: format, labels: [label(i)] },
    { documentType, labelSize: '4x6', dpi: 203, compression: 'none', labelQuantity: 1, createdAt: new Date(0) });
  for (let i = 0; i < 3; i++) await convert(i); // warm-up: the rendering thread starts and loads its engine
  const meter = sideMeter(cpuMeter(undefined, () => [benchProcess(RENDERER), { name: CARRIER_DOUBLE, pid: double.child.pid! }]), [RENDERER]);
  await meter.begin();
  const started = performance.now();
  let n = 0;
  while (n < 300 && performance.now() - started < LABEL_SECONDS * 1000) await convert(1000 + n++);
  const perSecond = n / ((performance.now() - started) / 1000);
  await meter.end();
  const to = documentType === 'application/pdf' ? 'PDF' : 'PNG';
  return { perSecond, perProcess: meter.rows(`stored ${format.toUpperCase()} label rendered to ${to}, 1 at a time`, `${format.toUpperCase()} to ${to}`, n, 'label') };
}

async function labelRows(double: Proc): Promise<BenchRow[]> {
  const pdfToPng = await labelsPerSecond('pdf', 'image/x-png-list', double);
  const pdfToPdf = await labelsPerSecond('pdf', 'application/pdf', double);
  const zplToPng = await labelsPerSecond('zpl', 'image/x-png-list', double);
  const zplToPdf = await labelsPerSecond('zpl', 'application/pdf', double);
  return [
    { name: 'stored ZPL label (UPS double) rendered to PNG, 4x6 at 203 dpi, 1 at a time', metric: 'throughput', value: zplToPng.perSecond, unit: 'labels/s', baseline: { name: 'stored PDF label (DHL double) rendered to PNG', value: pdfToPng.perSecond } },
    { name: 'stored ZPL label (UPS double) rendered onto a 4x6 PDF page, 1 at a time', metric: 'throughput', value: zplToPdf.perSecond, unit: 'labels/s', baseline: { name: 'stored PDF label (DHL double) placed on a 4x6 PDF page', value: pdfToPdf.perSecond } },
    ...zplToPng.perProcess, ...pdfToPng.perProcess, ...zplToPdf.perProcess, ...pdfToPdf.perProcess,
  ];
}

export const bench: Benchmark = {
  title: 'Carrier adapters: UPS against its double',
  async run(): Promise<BenchRow[]> {
    const proc = startProcess('ups-double', 'libs/carrier-doubles/src/ups/main.ts', {
      UPS_DOUBLE_PORT: '0', UPS_DOUBLE_CLIENTS: `${CLIENT.id}:${CLIENT.secret}:${CLIENT.account}`,
    });
    try {
      const url = await eventually(() => /listening on (\S+)/.exec(proc.output())?.[1], { timeoutMs: 30_000, what: 'the UPS double' });
      const state = async () => (await (await fetch(`${url}/__double/state`)).json()) as { tokensIssued: number; violations: string[] };
      // The double descends from this process: listed after it, it keeps its own name (and is off the sandbox's path).
      const meter = (name: string) => cpuMeter(undefined, () => [benchProcess(name), { name: CARRIER_DOUBLE, pid: proc.child.pid! }]);
      const sandboxMeter = sideMeter(meter(SANDBOX), [SANDBOX]);
      const upsMeter = sideMeter(meter(ADAPTER));
      const sandbox = sandboxRegistry().find('generic')!;
      await run(sandbox, 'Generic Domestic Service GDOM'); // warm-up
      const base = await run(sandbox, 'Generic Domestic Service GDOM', sandboxMeter);
      // A ZPL account: the double's GIF drawing would otherwise be most of what is measured. The account's
      // pace is lifted (CARRIER_RATE_LIMIT_UPS) so the adapter's own cost is measured, not the 10 calls a second
      // it allows an account by default.
      const env = { CARRIER_BASE_URL_UPS: url, CARRIER_RATE_LIMIT_UPS: '100000/1000' };
      const account = (id: string) => upsAdapter({ tokens: new TokenCache(new MemoryTokenStore()), env })
        .forAccount({ id, company: 'bench', testMode: true, bookingLabelFormat: 'zpl', credentials: { client_id: CLIENT.id, client_secret: CLIENT.secret, account_number: CLIENT.account } });
      await run(account('warm-up'), 'UPS Standard');
      const tokensBefore = (await state()).tokensIssued;
      const measured = await run(account('bench-account'), 'UPS Standard', upsMeter);
      const after = await state();
      if (after.violations.length) throw new Error(`the double saw requests off UPS's description: ${after.violations.slice(0, 3).join('; ')}`);
      const tokensPer1000 = ((after.tokensIssued - tokensBefore) * 1000) / N;
      return [
        { name: 'UPS booking through the adapter (double in its own process, 8 in flight)', metric: 'throughput', value: measured.perSecond, unit: 'bookings/s',
          baseline: { name: 'sandbox carrier, no network', value: base.perSecond } },
        { name: 'UPS booking through the adapter', metric: 'p95 latency', value: measured.p95, unit: 'ms', baseline: { name: 'sandbox carrier', value: base.p95 } },
        { name: 'UPS booking: p95 added over the sandbox carrier', metric: 'p95 added', value: measured.p95 - base.p95, unit: 'ms' },
        { name: 'UPS token requests per 1,000 bookings of one account (8 in flight)', metric: 'token requests', value: tokensPer1000, unit: 'per 1,000', target: '<= 1', pass: tokensPer1000 <= 1 },
        ...upsMeter.rows('UPS booking through the adapter', 'UPS', N, 'booking'),
        ...sandboxMeter.rows('sandbox carrier booking (the baseline)', 'sandbox carrier', N, 'booking'),
        ...(await labelRows(proc)),
      ];
    } finally {
      await proc.kill();
    }
  },
};
