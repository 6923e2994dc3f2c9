/** Text as the manifest prints it. Weights are summed in whole grams so totals never drift. */
export function grams(weightKg: number | null): number | null {
  return weightKg === null ? null : Math.round(weightKg * 1000);
}

export function kg(g: number): string {
  return (g / 1000).toFixed(3);
}

// Building an Intl formatter costs far more than using one, and every page prints the dates.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, timeZone: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}\u0000${timeZone}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale, { timeZone, ...opts })));
  return f;
}

/** e.g. "2 Mar 2026, 14:05 (Europe/London)": the time where the parcels are collected. */
export function localDateTime(at: Date, timeZone: string): string {
  const text = formatter('en-GB', timeZone, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false }).format(at);
  return `${text} (${timeZone})`;
}

/** YYYY-MM-DD in the warehouse's time zone. */
export function localDate(at: Date, timeZone: string): string {
  return formatter('en-CA', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export function addressLines(a: { address1: string; address2?: string | null; address3?: string | null; city: string; state?: string | null; postcode: string; country: string }): string[] {
  return [a.address1, a.address2, a.address3, [a.city, a.state].filter(Boolean).join(', '), `${a.postcode}  ${a.country}`]
    .filter((l): l is string => Boolean(l && l.trim()));
}
