import { nextPollAt, type PollSchedule, type PushedTracking } from '@waybill/carriers';
import { parseLooseDateTime } from '@waybill/contracts';
import type { PollOutcome } from './poll.repository';
import type { TrackingPollRow } from './poll.table';

const isDelivered = (status: string | null | undefined) => (status ?? '').replace(/[\s_]+/g, '').toUpperCase() === 'DELIVERED';

/**
 * What one poll of a number means for its schedule: the newest carrier time seen, whether it is
 * delivered, and when to ask again (docs/carriers/tracking.md, `nextPollAt`). A failed call counts as a poll
 * with nothing found, so a carrier that keeps failing is asked less and less often, not hammered.
 */
export function outcomeOf(
  row: TrackingPollRow, tracking: PushedTracking | undefined, failed: boolean, now: Date, schedule: PollSchedule, random: () => number = Math.random,
): PollOutcome {
  const events = tracking?.events ?? [];
  const times = events.map((e) => parseLooseDateTime(e.timestamp)?.getTime()).filter((t): t is number => t !== undefined && Number.isFinite(t));
  const previous = row.last_event_at ? new Date(row.last_event_at).getTime() : null;
  const newest = Math.max(previous ?? -Infinity, ...times);
  const lastEventAt = Number.isFinite(newest) ? new Date(newest) : null;
  const delivered = events.some((e) => isDelivered(e.status));
  const polls = row.polls + 1;
  const next = nextPollAt({ bookedAt: new Date(row.booked_at), lastEventAt, polls, delivered }, now, random, schedule);
  return {
    polls, lastEventAt, nextPollAt: next,
    stoppedReason: next ? null : delivered ? 'delivered' : 'expired',
    error: failed ? 'The carrier could not be asked; asked again on the schedule.' : null,
  };
}
