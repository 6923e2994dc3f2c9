import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { machineLine, renderTable } from './lib/report';
import type { Benchmark, BenchRow } from './lib/types';

/**
 * `make bench`: runs every `bench/*.bench.ts` (or those named on the command line), prints one table and
 * writes it to bench/results/latest.md (generated, not committed). bench/RESULTS.md is written by hand
 * from such runs, with the conditions they ran in, and a run never overwrites it. Benchmarks only target
 * 127.0.0.1 and stop by themselves.
 */
async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const files = readdirSync(__dirname).filter((f) => f.endsWith('.bench.ts')).sort()
    .filter((f) => only.length === 0 || only.some((o) => f.includes(o)));
  const rows: BenchRow[] = [];
  for (const f of files) {
    const { bench } = (await import(join(__dirname, f))) as { bench: Benchmark };
    process.stdout.write(`\n== ${bench.title} (${f})\n`);
    const got = await bench.run();
    process.stdout.write(`${renderTable(got)}\n`);
    rows.push(...got);
  }
  const report = `# Benchmark results\n\nMachine: ${machineLine()}\nRun: ${new Date().toISOString()}\n\n${renderTable(rows)}\n`;
  process.stdout.write(`\n${report}`);
  const out = join(__dirname, 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, only.length === 0 ? 'latest.md' : `latest-${only.join('-').replace(/[^a-z0-9-]/gi, '_')}.md`), report);
}

void main().then(() => process.exit(0), (err) => {
  process.stderr.write(`bench failed: ${err?.stack ?? err}\n`);
  process.exit(1);
});
