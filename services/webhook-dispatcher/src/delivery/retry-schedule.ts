/**
 * When attempt number `attempt + 1` of a round runs, given that `attempt` attempts have failed:
 * `schedule[attempt]` (API.md 8: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h) with ±20 % jitter,
 * so that the retries of many messages that failed together (an outage) spread out. A 429's
 * Retry-After pushes it later, never earlier. Undefined once the schedule is exhausted.
 */
export function nextAttemptDelayMs(schedule: readonly number[], attempt: number, retryAfterMs?: number, random = Math.random): number | undefined {
  if (attempt >= schedule.length) return undefined;
  const base = schedule[attempt];
  const jittered = Math.round(base * (1 + 0.2 * (random() * 2 - 1)));
  return Math.max(jittered, retryAfterMs ?? 0);
}

/** The delay before a job that found its endpoint busy tries again: short, jittered ±50 %. */
export function deferralDelayMs(baseMs: number, random = Math.random): number {
  return Math.max(1, Math.round(baseMs * (0.5 + random())));
}
