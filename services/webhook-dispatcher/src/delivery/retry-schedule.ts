/**
 * When attempt number `attempt + 1` of a round runs, given that `attempt` attempts have failed:
 * `schedule[attempt]` (docs/api/webhooks.md: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h) with ±20 % jitter,
 * so that the retries of many messages that failed together (an outage) spread out. A 429's
 * Retry-After pushes it later, never earlier. Undefined once the schedule is exhausted.
 */
export function nextAttemptDelayMs(schedule: readonly number[], attempt: number, retryAfterMs?: number, random = Math.random): number | undefined {
  if (attempt >= schedule.length) return undefined;
  const base = schedule[attempt];
  const jittered = Math.round(base * (1 + 0.2 * (random() * 2 - 1)));
  return Math.max(jittered, retryAfterMs ?? 0);
}

/**
 * The delay before a job that found its endpoint busy tries again: short at first, doubling with each
 * deferral up to 32 times the base, jittered ±50 %. A receiver that stays slow is then polled a few
 * times a minute per waiting message rather than many times a second.
 */
export function deferralDelayMs(baseMs: number, deferrals = 0, random = Math.random): number {
  const grown = baseMs * 2 ** Math.min(Math.max(0, deferrals), 5);
  return Math.max(1, Math.round(grown * (0.5 + random())));
}
