import PDFDocument from 'pdfkit';
import { renderManifestPdf } from '@waybill/manifest/src/paperwork/manifest-pdf';
import { sampleConsignments, sampleManifest } from '@waybill/manifest/src/paperwork/manifest-sample';
import { availableModes, startStack, type Mode, type Stack } from '@waybill/testing/stacks';
import { Client } from 'pg';
import { processMeter } from './lib/process-rows';
import { settled } from './lib/settle';
import type { Benchmark, BenchRow } from './lib/types';
import { companyApi } from './lib/company-api';

/** A consignment as the manifest prints it (the ManifestClaimConsignment contract). */
type ManifestClaimConsignment = ReturnType<typeof sampleConsignments>[number];

const CONSIGNMENTS = 10_000;
const BATCH = 500;
const DEADLINE_MS = 10 * 60_000;

function consignment(i: number): Record<string, unknown> {
  return {
    order_number: `BENCH-${i}`, service_id: 'Generic Carrier|Generic Domestic Service GDOM',
    recipient: { name: 'Bench Recipient', address: { address1: `${i} High Street`, city: 'London', postcode: 'SW1A 2AA', country: 'GB' } },
    packages: Array.from({ length: 1 + (i % 3) }, () => ({ weight: 1.5, weight_unit: 'kg' })),
  };
}

/** End to end through the gateway: POST /manifest of 10,000 consignments until the documents answer 200. */
async function endToEnd(stack: Stack, meter?: ReturnType<typeof processMeter>): Promise<{ claimMs: number; totalMs: number; pdfBytes: number; settled: boolean }> {
  const call = companyApi(stack);
  const ids: string[] = [];
  for (let i = 0; i < CONSIGNMENTS; i += BATCH) {
    const res = await call('POST', '/consignments', Array.from({ length: BATCH }, (_, j) => consignment(i + j)));
    if (res.status !== 200 || Object.keys(res.body.errors).length) throw new Error(`create failed: ${JSON.stringify(res.body).slice(0, 300)}`);
    ids.push(...res.body.success);
  }
  // Creating the fixture leaves thousands of events for the other services to digest: let them.
  const waited = await settled(stack.procs.map((p) => p.child.pid!));
  process.stdout.write(`${stack.mode}: ${CONSIGNMENTS} consignments created; ${waited.settled ? 'stack settled' : 'stack STILL BUSY'} after ${waited.seconds.toFixed(0)} s\n`);
  await meter?.start();
  const started = performance.now();
  const created = await call('POST', '/manifest', { consignment_ids: ids, carrier_id: 'generic', warehouse_id: `${stack.creds.company}|London DC` });
  const claimMs = performance.now() - started;
  if (created.status !== 201) throw new Error(`manifest failed: ${created.status} ${JSON.stringify(created.body).slice(0, 300)}`);
  for (;;) {
    const res = await call('GET', `/manifest/${created.body.identifier}/documents`);
    if (res.status === 200) return { claimMs, totalMs: performance.now() - started, pdfBytes: Buffer.from(res.body.documents, 'base64').length, settled: waited.settled };
    if (res.status !== 204) throw new Error(`documents answered ${res.status}: ${JSON.stringify(res.body)}`);
    if (performance.now() - started > DEADLINE_MS) throw new Error('manifest documents not ready within the deadline');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The baseline: the same rows as a bare PDFKit table (same font, cells and page size; no header, barcode or totals). */
async function barePdfkitTable(rows: ManifestClaimConsignment[]): Promise<number> {
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false });
  const done = new Promise<void>((resolve) => { doc.on('data', () => undefined); doc.on('end', () => resolve()); });
  doc.font('Helvetica').fontSize(7.5);
  let y = Infinity;
  let pages = 0;
  for (const c of rows) {
    const h = Math.max(1, c.tracking_numbers.length) * 9.5 + 3;
    if (y + h > 790) {
      doc.addPage({ size: 'A4', margin: 0 });
      pages++;
      y = 36;
    }
    const cells = [c.identifier, c.consignment_number, c.tracking_numbers.join(' '), c.recipient.postcode, c.recipient.country, String(c.package_count), String(c.weight_kg)];
    let x = 36;
    for (const text of cells) {
      doc.text(text, x, y + 2, { lineBreak: false });
      x += 70;
    }
    y += h;
  }
  doc.end();
  await done;
  return pages;
}

async function pagesPerSecond(render: () => Promise<number>): Promise<number> {
  await render(); // warm-up: fonts loaded, code optimised
  const t = performance.now();
  const pages = await render();
  return pages / ((performance.now() - t) / 1000);
}

/**
 * Every mode this machine can run (distributed needs DATABASE_URL, AMQP_URL and REDIS_URL), distributed
 * first; BENCH_MANIFEST_MODES=distributed (or one-process) picks one.
 */
function modes(): Mode[] {
  const only = process.env.BENCH_MANIFEST_MODES?.split(',').map((m) => m.trim());
  return availableModes().reverse().filter((m) => !only || only.includes(m));
}

export const bench: Benchmark = {
  title: `manifest of ${CONSIGNMENTS.toLocaleString('en')} consignments`,
  async run(): Promise<BenchRow[]> {
    const rows = sampleConsignments(CONSIGNMENTS);
    const ours = await pagesPerSecond(async () => (await renderManifestPdf(sampleManifest(rows))).pages);
    const bare = await pagesPerSecond(() => barePdfkitTable(rows));
    const out: BenchRow[] = [
      { name: 'manifest PDF writer', metric: 'pages per second', value: ours, unit: 'pages/s', baseline: { name: 'bare pdfkit table', value: bare }, target: '>= 0.5x baseline', pass: ours >= 0.5 * bare },
    ];
    for (const mode of modes()) {
      const stack = await startStack(mode, { RATE_LIMIT_PER_MINUTE: '100000' });
      const sql = stack.databaseUrl ? new Client({ connectionString: stack.databaseUrl }) : undefined;
      try {
        await sql?.connect();
        // CPU of every process from the POST to the manifest's 200 (the fixture's consignments made before), and memory then.
        const meter = processMeter(sql, () => stack.procs.map((p) => ({ name: p.name, pid: p.child.pid! })));
        const e2e = await endToEnd(stack, meter);
        await meter.loadEnded();
        const perProcess = await meter.rows(`manifest end to end, ${CONSIGNMENTS} consignments`, mode, 1, 'manifest');
        process.stdout.write(`${mode}: manifest PDF ${(e2e.pdfBytes / 1024).toFixed(0)} KiB\n`);
        const label = `${CONSIGNMENTS} consignments (${mode}${e2e.settled ? '' : ', fixture backlog still draining'})`;
        out.push(
          { name: `manifest POST, ${label}`, metric: 'POST to 201', value: e2e.claimMs / 1000, unit: 's' },
          { name: `manifest end to end, ${label}`, metric: 'POST to 200', value: e2e.totalMs / 1000, unit: 's', target: '< 10 s', pass: e2e.totalMs < 10_000 },
          ...perProcess,
        );
      } finally {
        await sql?.end();
        await stack.stop();
      }
    }
    return out;
  },
};
