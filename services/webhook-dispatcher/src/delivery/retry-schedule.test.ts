import { DEFAULT_SCHEDULE, dispatcherConfig, parseDuration } from '../config';
import { deferralDelayMs, nextAttemptDelayMs } from './retry-schedule';

const KEY = Buffer.alloc(32, 7).toString('base64');

describe('retry schedule', () => {
  const schedule = dispatcherConfig({ DATA_ENCRYPTION_KEY: KEY }).retrySchedule;

  it('is, by default, at once then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h: 8 attempts', () => {
    expect(schedule).toEqual([0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(DEFAULT_SCHEDULE.split(',')).toHaveLength(8);
  });

  it('jitters each delay within ±20 % and stops after the last attempt', () => {
    for (let failed = 1; failed < schedule.length; failed++) {
      for (const r of [0, 0.5, 0.999]) {
        const d = nextAttemptDelayMs(schedule, failed, undefined, () => r)!;
        expect(d).toBeGreaterThanOrEqual(schedule[failed] * 0.8);
        expect(d).toBeLessThanOrEqual(schedule[failed] * 1.2);
      }
    }
    expect(nextAttemptDelayMs(schedule, 8)).toBeUndefined();
  });

  it('waits at least as long as a Retry-After says', () => {
    expect(nextAttemptDelayMs(schedule, 1, 60_000, () => 0.5)).toBe(60_000);
    expect(nextAttemptDelayMs(schedule, 2, 1_000, () => 0.5)).toBe(300_000);
  });

  it('is configurable, so that tests run a whole life in seconds', () => {
    const fast = dispatcherConfig({ DATA_ENCRYPTION_KEY: KEY, WEBHOOK_RETRY_SCHEDULE: '0,50ms,100ms', WEBHOOK_DISABLE_AFTER: '2s' });
    expect(fast.retrySchedule).toEqual([0, 50, 100]);
    expect(fast.disableAfterMs).toBe(2000);
    expect(() => dispatcherConfig({ DATA_ENCRYPTION_KEY: KEY, WEBHOOK_RETRY_SCHEDULE: '0,soon' })).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
    expect(() => dispatcherConfig({})).toThrow(/DATA_ENCRYPTION_KEY/);
    expect(() => dispatcherConfig({ DATA_ENCRYPTION_KEY: 'short' })).toThrow(/32 bytes/);
  });

  it('parses durations', () => {
    expect(['250ms', '15s', '5m', '2h', '5d', '1500', '1.5s'].map(parseDuration)).toEqual([250, 15_000, 300_000, 7_200_000, 432_000_000, 1500, 1500]);
    expect(parseDuration('soon')).toBeUndefined();
  });

  it('defers a busy endpoint\'s job briefly at first, then less and less often', () => {
    expect(deferralDelayMs(200, 0, () => 0)).toBe(100);
    expect(deferralDelayMs(200, 0, () => 0.999)).toBe(300);
    expect(deferralDelayMs(200, 1, () => 0.5)).toBe(400);
    expect(deferralDelayMs(200, 5, () => 0.5)).toBe(6400);
    expect(deferralDelayMs(200, 50, () => 0.5)).toBe(6400);
  });
});
