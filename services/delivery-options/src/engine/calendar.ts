/**
 * Calendar arithmetic on ISO dates (`YYYY-MM-DD`) and wall-clock time in IANA time zones. Dates are
 * calendar days, never instants: a warehouse's "today" and its cutoff are read in its own zone, so a
 * DST change moves the UTC instant of a cutoff, never its local time.
 */
const DAY_MS = 86_400_000;
export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export function addDays(date: string, days: number): string {
  return isoOfDay(dayNumber(date) + days);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  return weekdayOfDay(dayNumber(date));
}

/** Days since 1970-01-01: the hot path steps through days as integers and writes ISO text only at the end. */
export function dayNumber(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

export function weekdayOfDay(day: number): number {
  return (((day + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
}

const isoByDay = new Map<number, string>();

export function isoOfDay(day: number): string {
  let iso = isoByDay.get(day);
  if (iso === undefined) {
    iso = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (isoByDay.size > 20_000) isoByDay.clear();
    isoByDay.set(day, iso);
  }
  return iso;
}

/** Minutes after midnight of an `HH:MM` text. */
export function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

interface WallClock { date: string; minutes: number; seconds: number }

/** The wall-clock date and time at `instant` in `timeZone`. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const p: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) p[part.type] = part.value;
  return { date: `${p.year}-${p.month}-${p.day}`, minutes: Number(p.hour) * 60 + Number(p.minute), seconds: Number(p.second) };
}

/** Offset of `timeZone` from UTC at `instant`, in minutes (London in summer: +60). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const asUtc = Date.parse(`${w.date}T00:00:00Z`) + w.minutes * 60_000 + w.seconds * 1000;
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant at which the wall clock in `timeZone` shows `date` `time`. The offset is read twice
 * because the first guess can sit on the other side of a DST change; a local time skipped by a
 * spring-forward lands just after the gap.
 */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const guess = Date.parse(`${date}T00:00:00Z`) + minutesOf(time) * 60_000;
  const first = offsetMinutes(new Date(guess), timeZone);
  const second = offsetMinutes(new Date(guess - first * 60_000), timeZone);
  return new Date(guess - second * 60_000);
}

const localIsoCache = new Map<string, string>();

/**
 * `date` `time` on the wall clock of `timeZone`, as ISO 8601 with the offset then in force. Memoised:
 * a time zone's rules do not change while the process runs, and every checkout asks for the same few.
 */
export function localIso(date: string, time: string, timeZone: string): string {
  const key = `${timeZone}|${date}|${time}`;
  let iso = localIsoCache.get(key);
  if (iso === undefined) {
    iso = isoInZone(zonedInstant(date, time, timeZone), timeZone);
    if (localIsoCache.size > 20_000) localIsoCache.clear();
    localIsoCache.set(key, iso);
  }
  return iso;
}

/** ISO 8601 with the zone's offset at that instant, e.g. `2026-03-30T16:00:00+01:00`. */
export function isoInZone(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  const off = offsetMinutes(instant, timeZone);
  const sign = off < 0 ? '-' : '+';
  const abs = Math.abs(off);
  const hh = String(Math.floor(w.minutes / 60)).padStart(2, '0');
  const mm = String(w.minutes % 60).padStart(2, '0');
  const ss = String(w.seconds).padStart(2, '0');
  return `${w.date}T${hh}:${mm}:${ss}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
