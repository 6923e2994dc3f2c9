import Holidays from 'date-holidays';
import { dayNumber, isoOfDay } from './calendar';

/** Holiday types that close carriers' depots: days off by law and bank holidays. */
const CLOSED_TYPES = new Set(['public', 'bank']);

/**
 * Where no region is given, the calendar of the most populous one: in GB that is England, whose
 * Summer bank holiday the country-wide list of date-holidays leaves out.
 */
const DEFAULT_REGION: Record<string, string> = { GB: 'ENG' };

/**
 * Public holidays by country (and region where the address names one), from the `date-holidays`
 * data. Each country-year is computed once and kept as a set of day numbers, so a look-up on the hot
 * path is a set probe.
 */
export class HolidayCalendar {
  private readonly years = new Map<string, Set<number>>();
  private readonly calendars = new Map<string, string>();

  isHoliday(country: string, region: string | null | undefined, date: string): boolean {
    return this.isHolidayDay(country, region, dayNumber(date));
  }

  isHolidayDay(country: string, region: string | null | undefined, day: number): boolean {
    const calendar = this.calendarOf(country, region);
    const year = isoOfDay(day).slice(0, 4);
    const key = `${calendar}|${year}`;
    let days = this.years.get(key);
    if (!days) {
      days = this.compute(calendar, Number(year));
      this.years.set(key, days);
    }
    return days.has(day);
  }

  /** `GB|SCT` for a region given as code or name ("SCT", "Scotland"), else the country's default region. */
  private calendarOf(country: string, region: string | null | undefined): string {
    const asked = `${country}|${region ?? ''}`;
    let calendar = this.calendars.get(asked);
    if (calendar === undefined) {
      const cc = country.toUpperCase();
      const states = (new Holidays().getStates(cc) as Record<string, string> | undefined) ?? {};
      const wanted = region?.trim().toLowerCase();
      const code = Object.entries(states).find(([c, name]) => wanted && (c.toLowerCase() === wanted || name.toLowerCase() === wanted))?.[0];
      calendar = `${cc}|${code ?? DEFAULT_REGION[cc] ?? ''}`;
      if (this.calendars.size > 10_000) this.calendars.clear();
      this.calendars.set(asked, calendar);
    }
    return calendar;
  }

  private compute(calendar: string, year: number): Set<number> {
    const [country, region] = calendar.split('|');
    const hd = region ? new Holidays(country, region) : new Holidays(country);
    const list = (hd.getHolidays(year) || []) as Array<{ date: string; type: string }>;
    return new Set(list.filter((h) => CLOSED_TYPES.has(h.type)).map((h) => dayNumber(h.date.slice(0, 10))));
  }
}
