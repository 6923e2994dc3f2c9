/**
 * When to ask a carrier again about a tracking number it does not push (docs/carriers/tracking.md): first 15
 * minutes after booking, then backing off (doubling) up to every 2 hours; never again once delivered,
 * nor 30 days after the last event (or after booking, when there has been none). Jittered by up to 10%
 * so numbers booked together do not all come due together.
 */
export const POLL_FIRST_MS = 15 * 60_000;
export const POLL_MAX_INTERVAL_MS = 2 * 60 * 60_000;
export const POLL_GIVE_UP_MS = 30 * 24 * 60 * 60_000;

/** The schedule's figures; deployments keep the defaults, tests shorten them to poll within seconds. */
export interface PollSchedule {
  firstMs: number;
  maxIntervalMs: number;
  giveUpMs: number;
}

export const DEFAULT_POLL_SCHEDULE: PollSchedule = { firstMs: POLL_FIRST_MS, maxIntervalMs: POLL_MAX_INTERVAL_MS, giveUpMs: POLL_GIVE_UP_MS };

export interface PollState {
  bookedAt: Date;
  /** Carrier time of the newest event, if any. */
  lastEventAt: Date | null;
  /** Polls made so far. */
  polls: number;
  delivered: boolean;
}

/** The next poll's time, or null when this number is no longer polled. */
export function nextPollAt(s: PollState, now: Date, random: () => number = Math.random, schedule: PollSchedule = DEFAULT_POLL_SCHEDULE): Date | null {
  if (s.delivered) return null;
  const since = (s.lastEventAt ?? s.bookedAt).getTime();
  if (now.getTime() - since >= schedule.giveUpMs) return null;
  const interval = s.polls === 0 ? schedule.firstMs : Math.min(schedule.maxIntervalMs, schedule.firstMs * 2 ** s.polls);
  const base = s.polls === 0 ? s.bookedAt.getTime() : now.getTime();
  const at = base + interval * (1 + random() * 0.1);
  return at - since >= schedule.giveUpMs ? null : new Date(Math.max(at, now.getTime()));
}
