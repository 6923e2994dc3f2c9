import { cpus, totalmem } from 'node:os';
import type { BenchRow } from './types';

export function fmt(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  return Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2);
}

export function machineLine(): string {
  return `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown cpu'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

/** A Markdown table: figure, baseline, ratio, target and verdict on one line per metric. */
export function renderTable(rows: BenchRow[]): string {
  const head = '| capability | metric | value | baseline | ratio | target | met |\n|---|---|---|---|---|---|---|';
  const lines = rows.map((r) => {
    const base = r.baseline ? `${fmt(r.baseline.value)} ${r.unit} (${r.baseline.name})` : '';
    const ratio = r.baseline && r.baseline.value !== 0 ? `${fmt(r.value / r.baseline.value)}x` : '';
    const met = r.pass === undefined ? '' : r.pass ? 'yes' : 'NO';
    return `| ${r.name} | ${r.metric} | ${fmt(r.value)} ${r.unit} | ${base} | ${ratio} | ${r.target ?? ''} | ${met} |`;
  });
  return [head, ...lines].join('\n');
}
