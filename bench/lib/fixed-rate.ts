/**
 * Open-loop load at a fixed rate: request i is sent at start + i/rate whatever earlier ones are doing,
 * so a slow server shows up as latency instead of silently lowering the offered load (no coordinated
 * omission). Latency of each request is measured from its scheduled time.
 */
export interface FixedRateResult<T> {
  results: Array<{ value?: T; error?: unknown; latencyMs: number }>;
  /** From the first scheduled send to the last answer, ms. */
  elapsedMs: number;
}

export async function runFixedRate<T>(rate: number, durationMs: number, send: (i: number) => Promise<T>): Promise<FixedRateResult<T>> {
  const count = Math.max(1, Math.floor((rate * durationMs) / 1000));
  const start = performance.now();
  const pending: Promise<void>[] = [];
  const results: FixedRateResult<T>['results'] = new Array(count);
  for (let i = 0; i < count; i++) {
    const scheduled = start + (i * 1000) / rate;
    const wait = scheduled - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(send(i).then(
      (value) => { results[i] = { value, latencyMs: performance.now() - scheduled }; },
      (error) => { results[i] = { error, latencyMs: performance.now() - scheduled }; },
    ));
  }
  await Promise.all(pending);
  return { results, elapsedMs: performance.now() - start };
}

/** The p-th percentile (0..100) of the values, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
