import { DEFAULT_POLL_SCHEDULE } from '@waybill/carriers';
import { outcomeOf } from './poll.outcome';
import type { TrackingPollRow } from './poll.table';

const t0 = new Date('2030-03-01T08:00:00Z');
const min = 60_000;
const plus = (ms: number) => new Date(t0.getTime() + ms);
const row = (over: Partial<TrackingPollRow> = {}): TrackingPollRow => ({
  company: 'acme', consignment_identifier: 'c1', tracking_number: 'JD01', account_id: 'a1', carrier: 'dhl_express', carrier_reference: null,
  booked_at: t0, polls: 0, last_event_at: null, last_polled_at: null, last_error: null, next_poll_at: plus(15 * min), stopped_reason: null, ...over,
});
const none = () => 0;

describe('what one poll means for a number', () => {
  it('backs off after each poll and keeps the newest carrier time, reading zoneless times as UTC', () => {
    const o = outcomeOf(row({ polls: 1, last_event_at: plus(-60 * min) }), {
      tracking_number: 'JD01', events: [{ status: 'IN_TRANSIT', timestamp: '2030-03-01T08:10:00' }, { status: 'IN_TRANSIT', timestamp: '2030-03-01T07:00:00Z' }],
    }, false, plus(20 * min), DEFAULT_POLL_SCHEDULE, none);
    expect(o).toEqual({ polls: 2, lastEventAt: plus(10 * min), nextPollAt: plus(80 * min), stoppedReason: null, error: null });
  });

  it('stops at delivery, whatever the case and spacing of the status', () => {
    const o = outcomeOf(row(), { tracking_number: 'JD01', events: [{ status: 'delivered', timestamp: plus(5 * min).toISOString() }] }, false, plus(15 * min), DEFAULT_POLL_SCHEDULE);
    expect([o.nextPollAt, o.stoppedReason]).toEqual([null, 'delivered']);
  });

  it('counts a failed call as a poll that found nothing, with the error kept', () => {
    const o = outcomeOf(row({ polls: 2 }), undefined, true, plus(60 * min), DEFAULT_POLL_SCHEDULE, none);
    expect(o).toMatchObject({ polls: 3, lastEventAt: null, nextPollAt: plus(180 * min), stoppedReason: null, error: expect.stringMatching(/could not be asked/) });
  });

  it('gives up 30 days after the last event (or booking, without one)', () => {
    const o = outcomeOf(row({ polls: 300 }), { tracking_number: 'JD01', events: [] }, false, plus(DEFAULT_POLL_SCHEDULE.giveUpMs), DEFAULT_POLL_SCHEDULE);
    expect([o.nextPollAt, o.stoppedReason]).toEqual([null, 'expired']);
  });
});
