import { DEFAULT_POLL_SCHEDULE, type PollSchedule } from '@waybill/carriers';

/** The poller's figures: docs/carriers/tracking.md's schedule, and how often and how much each replica claims. */
export interface PollConfig {
  schedule: PollSchedule;
  /** How often a replica looks for due numbers. */
  tickMs: number;
  /** How long a claimed number and a claimed account stay with the replica that claimed them. */
  leaseMs: number;
  /** Carrier calls one account's round may make (the rest stay due for the next round). */
  maxCallsPerRound: number;
}

function positive(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number of milliseconds (or calls), not "${raw}"`);
  return n;
}

/**
 * Read once at start. `TRACKING_POLL_FIRST_MS`, `TRACKING_POLL_MAX_INTERVAL_MS` and
 * `TRACKING_POLL_GIVE_UP_MS` change the schedule (tests poll within seconds); `TRACKING_POLL_TICK_MS`,
 * `TRACKING_POLL_LEASE_MS` and `TRACKING_POLL_MAX_CALLS` the claiming.
 */
export function pollConfigOf(env: Record<string, string | undefined>): PollConfig {
  return Object.freeze({
    schedule: Object.freeze({
      firstMs: positive(env, 'TRACKING_POLL_FIRST_MS', DEFAULT_POLL_SCHEDULE.firstMs),
      maxIntervalMs: positive(env, 'TRACKING_POLL_MAX_INTERVAL_MS', DEFAULT_POLL_SCHEDULE.maxIntervalMs),
      giveUpMs: positive(env, 'TRACKING_POLL_GIVE_UP_MS', DEFAULT_POLL_SCHEDULE.giveUpMs),
    }),
    tickMs: positive(env, 'TRACKING_POLL_TICK_MS', 30_000),
    leaseMs: positive(env, 'TRACKING_POLL_LEASE_MS', 10 * 60_000),
    maxCallsPerRound: positive(env, 'TRACKING_POLL_MAX_CALLS', 50),
  });
}
