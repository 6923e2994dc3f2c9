import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createCanvas } from '@napi-rs/canvas';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { descendants, ticks } from './lib/cpu';
import { rssMb } from './lib/footprint';
import { fmt } from './lib/report';
import type { Benchmark, BenchRow } from './lib/types';
import { layoutLabel } from '../services/documents/src/labels/label.layout';
import { LABEL_SIZES, pixelSize, type LabelLayout } from '../services/documents/src/labels/layout.model';
import { finishPdf, newPdf } from '../services/documents/src/render/pdf.document';
import { drawLabelPage } from '../services/documents/src/render/pdf.label';
import { paintLabel, pngLabels } from '../services/documents/src/render/png.writer';
import { zplLabel } from '../services/documents/src/render/zpl.writer';
import { SERVICES, sampleFacts } from '../services/documents/src/test-support/sample-consignment';
import { startStack } from '@waybill/testing/stacks';
import { client } from '@waybill/testing/stacks';

/** Labels per CPU-second of this process (user + system), so other load on the machine does not count. */
async function perCpuSecond(count: number, work: () => Promise<void> | void): Promise<number> {
  return (await rates(count, work)).perCpuSecond;
}

// A full collection before each measured pass: the canvases one pipeline leaves for the collector
// (native memory, freed by finalisers) must not be collected on the next pass's time.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Labels per CPU-second of this process and per wall-clock second, after one warm-up pass. */
async function rates(count: number, work: () => Promise<void> | void): Promise<{ perCpuSecond: number; perSecond: number; rssMb: number }> {
  await work();
  collectGarbage();
  const before = process.cpuUsage();
  const t = performance.now();
  await work();
  const used = process.cpuUsage(before);
  return { perCpuSecond: count / ((used.user + used.system) / 1e6), perSecond: count / ((performance.now() - t) / 1000), rssMb: process.memoryUsage().rss / 2 ** 20 };
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];

/** The straightforward PNG pipeline: a new canvas per label, encoded by the canvas's own (RGBA) PNG encoder. */
function plainCanvasPng(layout: LabelLayout, dpi: number): Buffer {
  const { width, height } = pixelSize(layout.size, dpi);
  const canvas = createCanvas(width, height);
  paintLabel(canvas.getContext('2d'), layout, dpi);
  return canvas.encodeSync('png');
}

/** Sample labels of every sandbox carrier, as the service lays them out (facts and layout included in each figure). */
function facts(n: number) {
  const services = Object.values(SERVICES);
  return Array.from({ length: n }, (_, i) => sampleFacts(services[i % services.length], 1, services[i % services.length] === SERVICES.globex ? 'US' : 'GB')[0])
    .map((f, i) => ({ ...f, trackingNumber: `${f.trackingNumber.slice(0, 4)}${String(10_000_000 + i)}` }));
}
const layouts = (fs: ReturnType<typeof facts>): LabelLayout[] => fs.map((f) => layoutLabel(f, LABEL_SIZES['4x6']));

/** The baseline: a minimal pdfkit 4x6 page holding one vector Code 128 (bwip-js SVG path drawn by pdfkit). */
async function baselinePdf(n: number): Promise<void> {
  const doc = new PDFDocument({ autoFirstPage: false, margin: 0 });
  const done = new Promise<void>((resolve) => { doc.on('data', () => undefined); doc.on('end', () => resolve()); });
  for (let i = 0; i < n; i++) {
    doc.addPage({ size: [288, 432], margin: 0 });
    const svg = bwipjs.toSVG({ bcid: 'code128', text: `GC${String(100_000_000_000 + i)}`, height: 15 });
    for (const m of svg.matchAll(/ d="([^"]+)"/g)) doc.path(m[1]).fill('black');
  }
  doc.end();
  await done;
}

async function endToEnd(): Promise<BenchRow[]> {
  const stack = await startStack('one-process');
  try {
    const api = client(stack);
    const packages = Array.from({ length: 500 }, (_, i) => ({ weight: 1 + (i % 5), reference: `P${i}` }));
    const created = await api.post('/consignments', [{ order_number: 'BENCH-500', service_id: 'Generic Carrier|Generic Domestic Service GDOM',
      recipient: { name: 'Bench Recipient', address: { address1: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', country: 'GB' } }, packages }]);
    const id = created.body.success[0];
    const rows: BenchRow[] = [];
    // The one-process stack is one Node process (tsx-free, built output): its CPU per request and memory after it.
    const pid = stack.procs[0].child.pid!;
    const cpuMs = () => descendants([pid]).reduce((t, p) => t + ticks(p), 0) * 10;
    for (const [type, name] of [['application/pdf', 'PDF'], ['application/x-zebra-zpl', 'ZPL'], ['image/png', 'PNG 203 dpi (ZIP)']]) {
      const t = performance.now();
      const cpu = cpuMs();
      const res = await api.get(`/consignment/${id}/documents?documenttype=${type}`);
      const ms = performance.now() - t;
      if (res.status !== 200) throw new Error(`documents answered ${res.status}: ${res.text.slice(0, 200)}`);
      const capability = `500-package consignment, ${name}, through the gateway`;
      rows.push(
        { name: capability, metric: 'latency (first fetch)', value: ms, unit: 'ms' },
        { name: capability, metric: 'CPU per request, memory at end of load: waybill (one process; Postgres not counted)', value: cpuMs() - cpu, unit: `ms; ${fmt(rssMb(pid))} MB` },
      );
    }
    const t = performance.now();
    await api.get(`/consignment/${id}/documents`);
    rows.push({ name: '500-package consignment, PDF, through the gateway', metric: 'latency (cached)', value: performance.now() - t, unit: 'ms' });
    return rows;
  } finally {
    await stack.stop();
  }
}

export const bench: Benchmark = {
  title: 'Labels and customs documents',
  async run() {
    const N = 300;
    const baseline = await perCpuSecond(N, () => baselinePdf(N));
    const pdf = await perCpuSecond(N, async () => {
      const doc = newPdf(new Date(0), 'bench');
      for (const l of layouts(facts(N))) drawLabelPage(doc, l);
      await finishPdf(doc);
    });
    const zplN = 5000;
    const zplFacts = facts(zplN);
    const zpl = await perCpuSecond(zplN, () => { for (const f of zplFacts) zplLabel(layoutLabel(f, LABEL_SIZES['4x6']), { dpi: 203, compression: 'none' }); });
    // Three interleaved rounds, the median of each: the two pipelines see the same machine.
    const pngN = 60;
    const plainRounds: Array<Awaited<ReturnType<typeof rates>>> = [];
    const pngRounds: Array<Awaited<ReturnType<typeof rates>>> = [];
    // Both pipelines give the event loop a turn after each label, as the service does: the canvas's pixel
    // buffers are native memory Node frees only from the event loop, so a synchronous loop keeps them all.
    const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
    for (let round = 0; round < 3; round++) {
      plainRounds.push(await rates(pngN, async () => { for (const l of layouts(facts(pngN))) { plainCanvasPng(l, 203); await turn(); } }));
      pngRounds.push(await rates(pngN, async () => { await pngLabels(layouts(facts(pngN)), 203); }));
    }
    const pick = (rs: typeof pngRounds) => ({
      perCpuSecond: median(rs.map((r) => r.perCpuSecond)), perSecond: median(rs.map((r) => r.perSecond)), rssMb: rs[rs.length - 1].rssMb,
    });
    // A consignment's worth in one run: how far the process grows (peak RSS, sampled between labels).
    const longLayouts = layouts(facts(600));
    const rssAtStart = process.memoryUsage().rss;
    let rssPeak = rssAtStart;
    const sampler = setInterval(() => { rssPeak = Math.max(rssPeak, process.memoryUsage().rss); }, 5);
    await pngLabels(longLayouts, 203);
    clearInterval(sampler);
    const growthMb = (Math.max(rssPeak, process.memoryUsage().rss) - rssAtStart) / 2 ** 20;
    const plain = pick(plainRounds);
    const png = pick(pngRounds);
    const plainBase = (value: number) => ({ name: 'new canvas per label + its own RGBA PNG encoder', value });
    const base = { name: 'pdfkit page + one vector Code 128 (bwip-js)', value: baseline };
    return [
      { name: 'label rendering, PDF (layout + vector barcodes + text)', metric: 'labels/s per core', value: pdf, unit: 'labels/s', baseline: base,
        target: '>= 0.8x baseline and >= 300', pass: pdf >= 0.8 * baseline && pdf >= 300 },
      { name: 'label rendering, ZPL', metric: 'labels/s per core', value: zpl, unit: 'labels/s', target: '>= 10000', pass: zpl >= 10_000 },
      { name: 'label rendering, PNG 203 dpi', metric: 'labels/s per core (CPU time)', value: png.perCpuSecond, unit: 'labels/s',
        baseline: plainBase(plain.perCpuSecond), target: '>= 30', pass: png.perCpuSecond >= 30 },
      { name: 'label rendering, PNG 203 dpi', metric: 'labels/s (wall clock, one thread)', value: png.perSecond, unit: 'labels/s', baseline: plainBase(plain.perSecond) },
      { name: 'label rendering, PNG 203 dpi', metric: 'CPU per label', value: 1000 / png.perCpuSecond, unit: 'ms', baseline: plainBase(1000 / plain.perCpuSecond) },
      { name: 'label rendering, PNG 203 dpi', metric: 'memory at end of load: bench process (renders in process)', value: png.rssMb, unit: 'MB', baseline: plainBase(plain.rssMb) },
      { name: 'label rendering, PNG 203 dpi', metric: 'memory growth over 600 labels in one run: bench process (peak RSS)', value: growthMb, unit: 'MB' },
      ...(await endToEnd()),
    ];
  },
};
