import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import type { Benchmark, BenchRow } from './lib/types';
import { layoutLabel } from '../services/documents/src/labels/label.layout';
import { LABEL_SIZES, type LabelLayout } from '../services/documents/src/labels/layout.model';
import { finishPdf, newPdf } from '../services/documents/src/render/pdf.document';
import { drawLabelPage } from '../services/documents/src/render/pdf.label';
import { pngLabel } from '../services/documents/src/render/png.writer';
import { zplLabel } from '../services/documents/src/render/zpl.writer';
import { SERVICES, sampleFacts } from '../services/documents/src/test-support/sample-consignment';
import { startStack } from '../e2e/support/stack';
import { client } from '../e2e/support/client';

/** Labels per CPU-second of this process (user + system), so other load on the machine does not count. */
async function perCpuSecond(count: number, work: () => Promise<void> | void): Promise<number> {
  await work();
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return count / ((used.user + used.system) / 1e6);
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
    for (const [type, name] of [['application/pdf', 'PDF'], ['application/x-zebra-zpl', 'ZPL'], ['image/png', 'PNG 203 dpi (ZIP)']]) {
      const t = performance.now();
      const res = await api.get(`/consignment/${id}/documents?documenttype=${type}`);
      const ms = performance.now() - t;
      if (res.status !== 200) throw new Error(`documents answered ${res.status}: ${res.text.slice(0, 200)}`);
      rows.push({ name: `500-package consignment, ${name}, through the gateway`, metric: 'latency (first fetch)', value: ms, unit: 'ms' });
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
    const pngN = 60;
    const png = await perCpuSecond(pngN, () => { for (const l of layouts(facts(pngN))) pngLabel(l, 203); });
    const base = { name: 'pdfkit page + one vector Code 128 (bwip-js)', value: baseline };
    return [
      { name: 'label rendering, PDF (layout + vector barcodes + text)', metric: 'labels/s per core', value: pdf, unit: 'labels/s', baseline: base,
        target: '>= 0.8x baseline and >= 300', pass: pdf >= 0.8 * baseline && pdf >= 300 },
      { name: 'label rendering, ZPL', metric: 'labels/s per core', value: zpl, unit: 'labels/s', target: '>= 10000', pass: zpl >= 10_000 },
      { name: 'label rendering, PNG 203 dpi', metric: 'labels/s per core', value: png, unit: 'labels/s', target: '>= 30', pass: png >= 30 },
      ...(await endToEnd()),
    ];
  },
};
