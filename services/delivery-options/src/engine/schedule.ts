import { dayNumber, isoOfDay, localIso, minutesOf, weekdayOfDay } from './calendar';
import type { HolidayCalendar } from './holidays';

/** A service's timetable as its rule states it, with the cutoff already chosen for the warehouse. */
export interface Timetable {
  /** `HH:MM` in the warehouse's zone; null: orders are taken until the end of the day. */
  cutoff: string | null;
  transitDays: number;
  /** Weekday numbers (0 = Sunday) on which the carrier collects and delivers. */
  workingDays: ReadonlySet<number>;
  /** How many delivery days a nominated-day service offers; 1 for the other types. */
  days: number;
  /** Equal for equal timetables: the memo key. */
  key: string;
}

export interface Place {
  country: string;
  region?: string | null;
}

export interface Route {
  origin: Place;
  destination: Place;
  /** The warehouse's IANA time zone. */
  timeZone: string;
}

/** The warehouse's wall clock now: read once per request, shared by every rule. */
export interface LocalNow {
  date: string;
  minutes: number;
}

export interface DatedOption {
  shippingDate: string;
  /** ISO date-time with the warehouse's offset: order before it to ship on `shippingDate`. */
  cutoff: string;
  deliveryDate: string;
}

/** Never search further than this for a working day (a rule with one working day a week still fits). */
const SEARCH_LIMIT_DAYS = 120;

/**
 * Shipping and delivery dates of one service. The shipping day is the asked day (never before today
 * in the warehouse's zone), moved to the next day once today's cutoff has passed, then to the first
 * carrier working day that is not a public holiday at the origin. Each transit day is a working day
 * that is a holiday neither at origin nor destination, so delivery always lands on such a day.
 */
export function scheduleDates(t: Timetable, route: Route, shippingDate: string, local: LocalNow, holidays: HolidayCalendar): DatedOption[] {
  const today = dayNumber(local.date);
  let day = Math.max(dayNumber(shippingDate), today);
  const cutoffMinutes = t.cutoff === null ? 24 * 60 : minutesOf(t.cutoff);
  if (day === today && local.minutes >= cutoffMinutes) day += 1;
  const { origin, destination } = route;
  const collects = (d: number) => t.workingDays.has(weekdayOfDay(d)) && !holidays.isHolidayDay(origin.country, origin.region, d);
  const delivers = (d: number) => collects(d) && !holidays.isHolidayDay(destination.country, destination.region, d);
  day = nextMatching(day, collects);
  const shipping = isoOfDay(day);
  const cutoff = t.cutoff === null ? localIso(isoOfDay(day + 1), '00:00', route.timeZone) : localIso(shipping, t.cutoff, route.timeZone);
  let delivery = day;
  for (let left = t.transitDays; left > 0; left--) delivery = nextMatching(delivery + 1, delivers);
  delivery = nextMatching(delivery, delivers);
  const out: DatedOption[] = [{ shippingDate: shipping, cutoff, deliveryDate: isoOfDay(delivery) }];
  for (let i = 1; i < t.days; i++) {
    delivery = nextMatching(delivery + 1, delivers);
    out.push({ shippingDate: shipping, cutoff, deliveryDate: isoOfDay(delivery) });
  }
  return out;
}

const memo = new Map<string, DatedOption[]>();

/**
 * `scheduleDates`, memoised. The answer depends only on the timetable, the route, the asked day, the
 * warehouse's date and which side of the cutoff its clock is on, so checkouts share it: a rate card's
 * many rules have few distinct timetables, and a request then costs a map probe per rule.
 */
export function cachedSchedule(t: Timetable, route: Route, routeKey: string, shippingDate: string, local: LocalNow, holidays: HolidayCalendar): DatedOption[] {
  const afterCutoff = t.cutoff !== null && local.minutes >= minutesOf(t.cutoff);
  const key = `${t.key}#${routeKey}#${shippingDate}#${local.date}#${afterCutoff}`;
  let dates = memo.get(key);
  if (!dates) {
    dates = scheduleDates(t, route, shippingDate, local, holidays);
    if (memo.size > 50_000) memo.clear();
    memo.set(key, dates);
  }
  return dates;
}

function nextMatching(from: number, ok: (d: number) => boolean): number {
  for (let d = from; d < from + SEARCH_LIMIT_DAYS; d++) if (ok(d)) return d;
  throw new Error(`no working day within ${SEARCH_LIMIT_DAYS} days of ${isoOfDay(from)}`);
}
