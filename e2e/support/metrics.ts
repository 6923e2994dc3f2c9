/** One sample of a Prometheus text exposition: `name{label="value",…} value`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** A process's `/metrics`, as an operator's Prometheus would scrape it. */
export async function scrape(baseUrl: string): Promise<Sample[]> {
  const res = await fetch(`${baseUrl}/metrics`, { signal: AbortSignal.timeout(5000) });
  if (!res.ok) throw new Error(`${baseUrl}/metrics answered ${res.status}`);
  const samples: Sample[] = [];
  for (const line of (await res.text()).split('\n')) {
    const m = LINE.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? '').matchAll(LABEL)) labels[k] = v;
    samples.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return samples;
}

/** The sum of the samples of `name` whose labels match (a string exactly, a RegExp by test). */
export function total(samples: Sample[], name: string, match: Record<string, string | RegExp> = {}): number {
  let sum = 0;
  for (const s of samples) {
    if (s.name !== name) continue;
    const ok = Object.entries(match).every(([k, want]) => (typeof want === 'string' ? s.labels[k] === want : want.test(s.labels[k] ?? '')));
    if (ok) sum += s.value;
  }
  return sum;
}
