import { nextPollAt, POLL_GIVE_UP_MS } from './polling';

const t0 = new Date('2030-01-01T00:00:00Z');
const plus = (ms: number) => new Date(t0.getTime() + ms);
const min = 60_000;
const none = () => 0;

describe('tracking poll schedule', () => {
  it('first 15 minutes after booking, then doubling up to every 2 hours', () => {
    const state = { bookedAt: t0, lastEventAt: null, delivered: false };
    expect(nextPollAt({ ...state, polls: 0 }, t0, none)).toEqual(plus(15 * min));
    expect(nextPollAt({ ...state, polls: 1 }, plus(15 * min), none)).toEqual(plus(45 * min));
    expect(nextPollAt({ ...state, polls: 2 }, plus(45 * min), none)).toEqual(plus(105 * min));
    expect(nextPollAt({ ...state, polls: 3 }, plus(105 * min), none)).toEqual(plus(225 * min));
    expect(nextPollAt({ ...state, polls: 9 }, plus(1000 * min), none)).toEqual(plus(1120 * min));
  });

  it('adds up to 10% jitter', () => {
    expect(nextPollAt({ bookedAt: t0, lastEventAt: null, delivered: false, polls: 0 }, t0, () => 1)).toEqual(plus(16.5 * min));
  });

  it('stops at delivery, and 30 days after the last event', () => {
    expect(nextPollAt({ bookedAt: t0, lastEventAt: null, delivered: true, polls: 3 }, plus(60 * min))).toBeNull();
    const quiet = { bookedAt: t0, lastEventAt: plus(min), delivered: false, polls: 40 };
    expect(nextPollAt(quiet, plus(min + POLL_GIVE_UP_MS))).toBeNull();
    expect(nextPollAt(quiet, plus(POLL_GIVE_UP_MS - 10 * min), none)).toBeNull();
    expect(nextPollAt(quiet, plus(POLL_GIVE_UP_MS - 200 * min), none)).toEqual(plus(POLL_GIVE_UP_MS - 80 * min));
  });
});
