import { dayNumber, isoOfDay, localIso, weekdayOfDay } from './calendar';
import type { HolidayCalendar } from './holidays';

/** A service's timetable as its rule states it, with the cutoff already chosen for the warehouse. */
export interface Timetable {
  /** `HH:MM` in the warehouse's zone; null: orders are taken until the end of the day. */
  cutoff: string | null;
  /** The cutoff as minutes after midnight (24 h when there is none). */
  cutoffMinutes: number;
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
  if (day === today && local.minutes >= t.cutoffMinutes) day += 1;
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

/** The request's part of the memo key: everything `scheduleDates` reads but the timetable and the clock's minutes. */
export function situationKey(route: Route, shippingDate: string, local: LocalNow): string {
  const { origin, destination } = route;
  return `${origin.country}|${origin.region ?? ''}|${destination.country}|${destination.region ?? ''}|${route.timeZone}|${shippingDate}|${local.date}`;
}

/** Memo of `scheduleDates`: per request situation (route, asked day, warehouse date), per timetable and side of its cutoff. */
const memo = new Map<string, { before: Map<string, DatedOption[]>; after: Map<string, DatedOption[]> }>();

/**
 * `scheduleDates`, memoised, for one request's situation (route, asked day, warehouse date): the
 * answer depends only on those, the timetable, and which side of its cutoff the warehouse's clock is
 * on (never on the basket), so checkouts share it, and a rate card's many rules have few distinct
 * timetables. The situation's entry is found once per request; each rule then costs one probe by its
 * timetable key. Bounded: the memo starts again past 5,000 situations.
 */
export function scheduleFor(route: Route, shippingDate: string, local: LocalNow, holidays: HolidayCalendar): (t: Timetable) => DatedOption[] {
  const situation = situationKey(route, shippingDate, local);
  let entry = memo.get(situation);
  if (!entry) {
    if (memo.size > 5_000) memo.clear();
    entry = { before: new Map(), after: new Map() };
    memo.set(situation, entry);
  }
  const { before, after } = entry;
  return (t) => {
    const side = t.cutoff !== null && local.minutes >= t.cutoffMinutes ? after : before;
    let dates = side.get(t.key);
    if (!dates) {
      dates = scheduleDates(t, route, shippingDate, local, holidays);
      side.set(t.key, dates);
    }
    return dates;
  };
}

function nextMatching(from: number, ok: (d: number) => boolean): number {
  for (let d = from; d < from + SEARCH_LIMIT_DAYS; d++) if (ok(d)) return d;
  throw new Error(`no working day within ${SEARCH_LIMIT_DAYS} days of ${isoOfDay(from)}`);
}
