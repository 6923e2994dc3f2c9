import Holidays from 'date-holidays';

/** Holiday types that close carriers' depots: days off by law and bank holidays. */
const CLOSED_TYPES = new Set(['public', 'bank']);

/**
 * Where no region is given, the calendar of the most populous one: in GB that is England, whose
 * Summer bank holiday the country-wide list of date-holidays leaves out.
 */
const DEFAULT_REGION: Record<string, string> = { GB: 'ENG' };

/**
 * Public holidays by country (and region where the address names one), from the `date-holidays`
 * data. Each country-year is computed once and kept as a set of ISO dates, so a look-up on the hot
 * path is a set probe.
 */
export class HolidayCalendar {
  private readonly years = new Map<string, Set<string>>();
  private readonly regions = new Map<string, Record<string, string>>();

  isHoliday(country: string, region: string | null | undefined, date: string): boolean {
    const cc = country.toUpperCase();
    const key = `${cc}|${this.regionCode(cc, region) ?? ''}|${date.slice(0, 4)}`;
    let days = this.years.get(key);
    if (!days) {
      days = this.compute(cc, this.regionCode(cc, region), Number(date.slice(0, 4)));
      this.years.set(key, days);
    }
    return days.has(date);
  }

  /** A region given as code or name ("SCT", "Scotland", "BY", "Bayern"), else the country's default. */
  regionCode(country: string, region: string | null | undefined): string | undefined {
    let states = this.regions.get(country);
    if (!states) {
      states = (new Holidays().getStates(country) as Record<string, string> | undefined) ?? {};
      this.regions.set(country, states);
    }
    const wanted = region?.trim().toLowerCase();
    if (wanted) {
      for (const [code, name] of Object.entries(states)) {
        if (code.toLowerCase() === wanted || name.toLowerCase() === wanted) return code;
      }
    }
    return DEFAULT_REGION[country];
  }

  private compute(country: string, region: string | undefined, year: number): Set<string> {
    const hd = region ? new Holidays(country, region) : new Holidays(country);
    const list = (hd.getHolidays(year) || []) as Array<{ date: string; type: string }>;
    return new Set(list.filter((h) => CLOSED_TYPES.has(h.type)).map((h) => h.date.slice(0, 10)));
  }
}
