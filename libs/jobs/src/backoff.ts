/**
 * Delay before retry number `failedAttempts` (1 after the first failure): exponential from `baseMs`
 * with ±20 % jitter, so jobs that failed together (an endpoint outage) do not retry in lockstep.
 * Shared by both drivers so they retry on the same schedule.
 */
export function jitteredBackoffMs(failedAttempts: number, baseMs: number, maxMs = 6 * 3_600_000): number {
  const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, failedAttempts - 1));
  const jitter = exponential * 0.2 * (Math.random() * 2 - 1);
  return Math.max(0, Math.round(exponential + jitter));
}
