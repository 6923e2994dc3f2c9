import { addDays, isoInZone, minutesOf, wallClock, weekdayOf, zonedInstant } from './calendar';
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
export function scheduleDates(t: Timetable, route: Route, shippingDate: string, now: Date, holidays: HolidayCalendar): DatedOption[] {
  const local = wallClock(now, route.timeZone);
  let day = shippingDate < local.date ? local.date : shippingDate;
  const cutoffMinutes = t.cutoff === null ? 24 * 60 : minutesOf(t.cutoff);
  if (day === local.date && local.minutes >= cutoffMinutes) day = addDays(day, 1);
  const collects = (d: string) => t.workingDays.has(weekdayOf(d)) && !holidays.isHoliday(route.origin.country, route.origin.region, d);
  const delivers = (d: string) => collects(d) && !holidays.isHoliday(route.destination.country, route.destination.region, d);
  day = nextMatching(day, collects);
  const cutoff = t.cutoff === null ? zonedInstant(addDays(day, 1), '00:00', route.timeZone) : zonedInstant(day, t.cutoff, route.timeZone);
  let delivery = day;
  for (let left = t.transitDays; left > 0; left--) delivery = nextMatching(addDays(delivery, 1), delivers);
  delivery = nextMatching(delivery, delivers);
  const out: DatedOption[] = [{ shippingDate: day, cutoff: isoInZone(cutoff, route.timeZone), deliveryDate: delivery }];
  for (let i = 1; i < t.days; i++) {
    delivery = nextMatching(addDays(delivery, 1), delivers);
    out.push({ ...out[0], deliveryDate: delivery });
  }
  return out;
}

function nextMatching(from: string, ok: (d: string) => boolean): string {
  let d = from;
  for (let i = 0; i < SEARCH_LIMIT_DAYS; i++, d = addDays(d, 1)) if (ok(d)) return d;
  throw new Error(`no working day within ${SEARCH_LIMIT_DAYS} days of ${from}`);
}
