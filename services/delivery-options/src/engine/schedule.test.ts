import { isoInZone, minutesOf, zonedInstant, wallClock } from './calendar';
import { HolidayCalendar } from './holidays';
import { scheduleDates, scheduleFor, situationKey, type Route, type Timetable } from './schedule';

const holidays = new HolidayCalendar();
const MON_FRI = new Set([1, 2, 3, 4, 5]);
const nextDay = (cutoff: string | null = '16:00', extra: Partial<Timetable> = {}): Timetable => ({ cutoff, cutoffMinutes: cutoff === null ? 1440 : minutesOf(cutoff), transitDays: 1, workingDays: MON_FRI, days: 1, key: '', ...extra });
const LONDON: Route = { origin: { country: 'GB' }, destination: { country: 'GB' }, timeZone: 'Europe/London' };
const DUBLIN: Route = { origin: { country: 'IE' }, destination: { country: 'IE' }, timeZone: 'Europe/Dublin' };
const at = (iso: string) => new Date(iso);
/** As a request does: the warehouse's wall clock is read once, then every rule is scheduled against it. */
const sched = (t: Timetable, route: Route, date: string, now: Date) => scheduleDates(t, route, date, wallClock(now, route.timeZone), holidays);

describe('calendar in a time zone', () => {
  it('reads the wall clock of the zone, not of UTC', () => {
    expect(wallClock(at('2026-03-10T02:00:00Z'), 'America/New_York')).toMatchObject({ date: '2026-03-09', minutes: 22 * 60 });
    expect(wallClock(at('2026-06-05T23:30:00Z'), 'Europe/Berlin')).toMatchObject({ date: '2026-06-06', minutes: 90 });
  });

  it('turns a local time into the right instant on both sides of a DST change', () => {
    expect(zonedInstant('2026-03-27', '16:00', 'Europe/London').toISOString()).toBe('2026-03-27T16:00:00.000Z');
    expect(zonedInstant('2026-03-30', '16:00', 'Europe/London').toISOString()).toBe('2026-03-30T15:00:00.000Z');
    expect(zonedInstant('2026-10-26', '16:00', 'Europe/Berlin').toISOString()).toBe('2026-10-26T15:00:00.000Z');
    expect(zonedInstant('2026-10-23', '16:00', 'Europe/Berlin').toISOString()).toBe('2026-10-23T14:00:00.000Z');
    // 01:30 does not exist in London on 29 March 2026: the clock jumps from 01:00 to 02:00.
    expect(zonedInstant('2026-03-29', '01:30', 'Europe/London').toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('writes instants with the zone offset in force at that instant', () => {
    expect(isoInZone(at('2026-01-15T16:00:00Z'), 'Europe/London')).toBe('2026-01-15T16:00:00+00:00');
    expect(isoInZone(at('2026-07-15T15:00:00Z'), 'Europe/London')).toBe('2026-07-15T16:00:00+01:00');
    expect(isoInZone(at('2026-07-15T20:00:00Z'), 'America/New_York')).toBe('2026-07-15T16:00:00-04:00');
  });
});

describe('scheduleDates', () => {
  it('ships today before the cutoff and delivers the next working day', () => {
    const [o] = sched(nextDay(), LONDON, '2026-03-10', at('2026-03-10T09:00:00Z'));
    expect(o).toEqual({ shippingDate: '2026-03-10', cutoff: '2026-03-10T16:00:00+00:00', deliveryDate: '2026-03-11' });
  });

  it('moves a Friday order after the cutoff past the weekend', () => {
    const [o] = sched(nextDay(), LONDON, '2026-03-13', at('2026-03-13T16:30:00Z'));
    expect(o).toEqual({ shippingDate: '2026-03-16', cutoff: '2026-03-16T16:00:00+00:00', deliveryDate: '2026-03-17' });
  });

  it('moves a Friday order after the cutoff past a GB bank-holiday Monday (Early May, 4 May 2026)', () => {
    const [o] = sched(nextDay(), LONDON, '2026-05-01', at('2026-05-01T15:30:00Z')); // 16:30 BST
    expect(o).toEqual({ shippingDate: '2026-05-05', cutoff: '2026-05-05T16:00:00+01:00', deliveryDate: '2026-05-06' });
  });

  it('delivers a Friday order before the cutoff on the Tuesday after a bank-holiday Monday', () => {
    const [o] = sched(nextDay(), LONDON, '2026-05-01', at('2026-05-01T10:00:00Z'));
    expect(o).toMatchObject({ shippingDate: '2026-05-01', deliveryDate: '2026-05-05' });
  });

  it('uses the English calendar for GB by default and the Scottish one when the region says so', () => {
    // Summer bank holiday: 31 August 2026 in England; Scotland's was 3 August.
    const toEngland = sched(nextDay(), LONDON, '2026-08-28', at('2026-08-28T08:00:00Z'))[0];
    expect(toEngland.deliveryDate).toBe('2026-09-01');
    const toScotland = sched(nextDay(), { ...LONDON, destination: { country: 'GB', region: 'Scotland' } }, '2026-08-28', at('2026-08-28T08:00:00Z'))[0];
    expect(toScotland.deliveryDate).toBe('2026-09-01'); // England's holiday still stops collection and sorting at origin
    const fromScotland = sched(nextDay(), { origin: { country: 'GB', region: 'SCT' }, destination: { country: 'GB', region: 'SCT' }, timeZone: 'Europe/London' }, '2026-08-28', at('2026-08-28T08:00:00Z'))[0];
    expect(fromScotland.deliveryDate).toBe('2026-08-31');
  });

  it('honours Irish bank holidays at origin (June bank holiday, 1 June 2026)', () => {
    const [o] = sched(nextDay('15:00'), DUBLIN, '2026-05-29', at('2026-05-29T14:30:00Z')); // 15:30 IST
    expect(o).toEqual({ shippingDate: '2026-06-02', cutoff: '2026-06-02T15:00:00+01:00', deliveryDate: '2026-06-03' });
  });

  it('honours holidays of the destination: GB to IE over St Patrick\'s Day and the June bank holiday', () => {
    const toIreland: Route = { origin: { country: 'GB' }, destination: { country: 'IE' }, timeZone: 'Europe/London' };
    expect(sched(nextDay(), toIreland, '2026-03-16', at('2026-03-16T09:00:00Z'))[0].deliveryDate).toBe('2026-03-18');
    expect(sched(nextDay(), toIreland, '2026-05-29', at('2026-05-29T09:00:00Z'))[0].deliveryDate).toBe('2026-06-02');
  });

  it('compares the cutoff in the warehouse zone across the spring DST change', () => {
    // Friday 27 March 2026, 16:30 GMT: too late; the clocks go forward on Sunday.
    const [late] = sched(nextDay(), LONDON, '2026-03-27', at('2026-03-27T16:30:00Z'));
    expect(late).toEqual({ shippingDate: '2026-03-30', cutoff: '2026-03-30T16:00:00+01:00', deliveryDate: '2026-03-31' });
    // 15:30 UTC in June is 16:30 in London: after the cutoff although 15:30 < 16:00.
    expect(sched(nextDay(), LONDON, '2026-06-05', at('2026-06-05T15:30:00Z'))[0].shippingDate).toBe('2026-06-08');
    expect(sched(nextDay(), LONDON, '2026-06-05', at('2026-06-05T14:30:00Z'))[0].shippingDate).toBe('2026-06-05');
  });

  it('takes "today" from the warehouse zone when it differs from the UTC date', () => {
    const ny: Route = { origin: { country: 'US' }, destination: { country: 'US' }, timeZone: 'America/New_York' };
    // 02:00 UTC on 10 March is 22:00 on 9 March in New York (EDT since 8 March): past the cutoff of the 9th.
    const [o] = sched(nextDay('17:00'), ny, '2026-03-09', at('2026-03-10T02:00:00Z'));
    expect(o).toEqual({ shippingDate: '2026-03-10', cutoff: '2026-03-10T17:00:00-04:00', deliveryDate: '2026-03-11' });
  });

  it('never ships before today: a past shipping date counts as today', () => {
    const [o] = sched(nextDay(), LONDON, '2026-03-02', at('2026-03-10T09:00:00Z'));
    expect(o.shippingDate).toBe('2026-03-10');
  });

  it('keeps a future shipping date and its own cutoff', () => {
    const [o] = sched(nextDay(), LONDON, '2026-03-12', at('2026-03-10T18:00:00Z'));
    expect(o).toEqual({ shippingDate: '2026-03-12', cutoff: '2026-03-12T16:00:00+00:00', deliveryDate: '2026-03-13' });
  });

  it('without a cutoff takes orders until midnight in the warehouse zone', () => {
    const [o] = sched(nextDay(null), LONDON, '2026-07-10', at('2026-07-10T21:00:00Z'));
    expect(o).toEqual({ shippingDate: '2026-07-10', cutoff: '2026-07-11T00:00:00+01:00', deliveryDate: '2026-07-13' });
  });

  it('offers the next N delivery days for a nominated-day service, skipping weekends and holidays', () => {
    const days = sched(nextDay('16:00', { days: 4 }), LONDON, '2026-04-30', at('2026-04-30T08:00:00Z'));
    expect(days.map((d) => d.deliveryDate)).toEqual(['2026-05-01', '2026-05-05', '2026-05-06', '2026-05-07']);
    expect(new Set(days.map((d) => d.shippingDate))).toEqual(new Set(['2026-04-30']));
  });

  it('delivers the same day before a same-day cutoff, and the next working day after it', () => {
    const sameDay = nextDay('11:00', { transitDays: 0 });
    expect(sched(sameDay, LONDON, '2026-03-10', at('2026-03-10T10:59:00Z'))[0].deliveryDate).toBe('2026-03-10');
    expect(sched(sameDay, LONDON, '2026-03-10', at('2026-03-10T11:00:00Z'))[0].deliveryDate).toBe('2026-03-11');
  });

  it('counts Saturdays for a carrier that works them and multi-day transit over weekends otherwise', () => {
    const sat = nextDay('16:00', { workingDays: new Set([1, 2, 3, 4, 5, 6]) });
    expect(sched(sat, LONDON, '2026-03-13', at('2026-03-13T09:00:00Z'))[0].deliveryDate).toBe('2026-03-14');
    const threeDays = nextDay('16:00', { transitDays: 3 });
    expect(sched(threeDays, LONDON, '2026-03-12', at('2026-03-12T09:00:00Z'))[0].deliveryDate).toBe('2026-03-17');
  });

  it('skips Christmas and Boxing Day (substitute Monday) at both ends', () => {
    const [o] = sched(nextDay(), LONDON, '2026-12-24', at('2026-12-24T09:00:00Z'));
    expect(o).toMatchObject({ shippingDate: '2026-12-24', deliveryDate: '2026-12-29' });
  });
});

describe('scheduleFor (the memo of scheduleDates)', () => {
  const timetables: Timetable[] = [
    nextDay('16:00', { key: 'a' }), nextDay(null, { key: 'b' }), nextDay('12:30', { key: 'c', transitDays: 0 }),
    nextDay('16:00', { key: 'd', days: 3, transitDays: 2 }), nextDay('09:00', { key: 'e', workingDays: new Set([1, 3, 5]) }),
  ];
  /** Warehouse clocks on both sides of cutoffs, around the spring-forward of 29 March 2026 and the Easter bank holidays. */
  const clocks = [
    '2026-03-27T08:59:00Z', '2026-03-27T15:59:00Z', '2026-03-27T16:00:00Z', '2026-03-28T23:30:00Z', '2026-03-29T00:59:00Z',
    '2026-03-29T01:00:00Z', '2026-03-30T14:59:00Z', '2026-03-30T15:00:00Z', '2026-04-02T23:30:00Z', '2026-10-24T22:59:00Z', '2026-10-25T23:30:00Z',
  ];

  it('answers what scheduleDates computes, whichever side of the cutoff or of a DST change the clock is on', () => {
    for (const route of [LONDON, { ...LONDON, destination: { country: 'GB', region: 'Scotland' } }, DUBLIN]) {
      for (const iso of clocks) {
        const local = wallClock(at(iso), route.timeZone);
        for (const asked of [local.date, '2026-03-27', '2026-03-30', '2026-04-03']) {
          // Twice: the first call computes and keeps, the second answers from the memo.
          for (let pass = 0; pass < 2; pass++) {
            const datesOf = scheduleFor(route, asked, local, holidays);
            for (const t of timetables) expect(datesOf(t)).toEqual(scheduleDates(t, route, asked, local, holidays));
          }
        }
      }
    }
  });

  it('keeps the dates before and after a cutoff apart within one day', () => {
    const before = wallClock(at('2026-03-10T15:59:00Z'), 'Europe/London');
    const after = wallClock(at('2026-03-10T16:00:00Z'), 'Europe/London');
    expect(situationKey(LONDON, '2026-03-10', before)).toBe(situationKey(LONDON, '2026-03-10', after));
    expect(scheduleFor(LONDON, '2026-03-10', before, holidays)(timetables[0])[0].shippingDate).toBe('2026-03-10');
    expect(scheduleFor(LONDON, '2026-03-10', after, holidays)(timetables[0])[0].shippingDate).toBe('2026-03-11');
    expect(scheduleFor(LONDON, '2026-03-10', before, holidays)(timetables[0])[0].shippingDate).toBe('2026-03-10');
  });
});
