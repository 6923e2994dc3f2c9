import { INTL_LOCALE, type Language } from './languages';

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(lang: Language, kind: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}|${kind}|${options.timeZone ?? ''}`;
  let f = cache.get(key);
  if (!f) cache.set(key, (f = new Intl.DateTimeFormat(INTL_LOCALE[lang], options)));
  return f;
}

const validZone = (zone: string | null | undefined): string => {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
};

/** A calendar date (`YYYY-MM-DD`) in words: "Friday 27 November", "Dé hAoine 27 Samhain". */
export function formatCalendarDate(lang: Language, date: string): string {
  return formatter(lang, 'calendar', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/** An instant's day, short, in a time zone: "Fri 27 Nov". */
export function formatShortDay(lang: Language, at: Date, zone?: string | null): string {
  return formatter(lang, 'day', { weekday: 'short', day: 'numeric', month: 'short', timeZone: validZone(zone) }).format(at);
}

/** An instant's time of day in a time zone, with the zone's short name: "17:44 GMT". */
export function formatTime(lang: Language, at: Date, zone?: string | null): string {
  return formatter(lang, 'time', { hour: '2-digit', minute: '2-digit', timeZoneName: 'short', timeZone: validZone(zone) }).format(at);
}

/** Today's calendar date (`YYYY-MM-DD`) in a time zone. */
export function todayIn(zone: string | null | undefined, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: validZone(zone) }).format(now);
}
