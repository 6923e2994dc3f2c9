// ISO 8601 date-time as integrations really send it: 'T' or space, seconds and fraction optional,
// zone designator optional (Scurri clients often send naive local timestamps).
const LOOSE_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Format "date-time-loose", registered with ajv. */
export function isLooseDateTime(value: string): boolean {
  return parseLooseDateTime(value) !== null;
}

/**
 * Parses a "date-time-loose" string. A value without a zone designator is taken as UTC
 * (docs/api/consignments.md: create_date and tracking timestamps are UTC). Returns null when invalid.
 */
export function parseLooseDateTime(value: string): Date | null {
  const m = LOOSE_DATE_TIME.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number);
  const zone = normaliseZone(m[8] ?? 'Z');
  if (!isCalendarDate(year, month, day) || hour > 23 || minute > 59 || second > 59 || !zone) return null;
  // Date parses at most milliseconds reliably; finer fractions are truncated.
  const fraction = (m[7] ?? '').slice(0, 4);
  const seconds = String(second).padStart(2, '0');
  const date = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${seconds}${fraction}${zone}`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "+0130", "+01:30" and "+01" become "+01:30" / "+01:00"; null when out of range. */
function normaliseZone(zone: string): string | null {
  if (zone === 'Z' || zone === 'z') return 'Z';
  const digits = zone.slice(1).replace(':', '');
  const [hours, minutes] = [digits.slice(0, 2), digits.slice(2, 4) || '00'];
  if (Number(hours) > 23 || Number(minutes) > 59) return null;
  return `${zone[0]}${hours}:${minutes}`;
}
