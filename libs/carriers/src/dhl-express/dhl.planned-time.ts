/**
 * MyDHL's plannedShippingDateAndTime: when the shipment is tendered, in the shipper's local time with
 * its GMT offset (`2030-01-02T17:00:00GMT+00:00`). A booking before the warehouse's cutoff on a working
 * day ships that day at the cutoff; after it (or at a weekend) the next working day; a later shipping
 * date the client asked for is kept (moved off a weekend).
 */
function localParts(at: Date, timeZone: string) {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false, weekday: 'short',
  }).formatToParts(at).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) % 24 * 60 + Number(parts.minute) };
}

/** The zone's offset on that date at noon, as `GMT+01:00`. */
export function offsetOf(date: string, timeZone: string): string {
  const name = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'longOffset' }).formatToParts(new Date(`${date}T12:00:00Z`)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  return name === 'GMT' ? 'GMT+00:00' : name;
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const weekend = (date: string) => [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
const nextWorkingDay = (date: string) => {
  let d = date;
  while (weekend(d)) d = addDays(d, 1);
  return d;
};

export function plannedShippingTime(now: Date, opts: { timeZone?: string | null; cutoff?: string | null; shippingDate?: string | null }): string {
  const timeZone = opts.timeZone || 'Europe/London';
  const cutoff = /^([01]\d|2[0-3]):[0-5]\d$/.test(opts.cutoff ?? '') ? opts.cutoff! : '17:00';
  const cutoffMinutes = Number(cutoff.slice(0, 2)) * 60 + Number(cutoff.slice(3));
  const local = localParts(now, timeZone);
  let date = local.minutes < cutoffMinutes ? local.date : addDays(local.date, 1);
  date = nextWorkingDay(date);
  const asked = opts.shippingDate?.slice(0, 10);
  if (asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) && asked > date) date = nextWorkingDay(asked);
  return `${date}T${cutoff}:00${offsetOf(date, timeZone)}`;
}
