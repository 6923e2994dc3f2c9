/**
 * Delay before redelivering an event whose handler failed: exponential from `baseMs`, capped, with
 * ±20 % jitter so that a burst of failures (a dependency outage) does not come back in lockstep.
 */
export function retryDelayMs(attempt: number, baseMs: number, maxMs = 60_000): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  const jitter = exponential * 0.2 * (Math.random() * 2 - 1);
  return Math.max(0, Math.round(exponential + jitter));
}
