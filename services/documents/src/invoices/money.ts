/** Money in integer minor units (pence, cents); never floating-point arithmetic (CONTRIBUTING.md#conventions). */

/** A JSON number from the client (e.g. 12.5) to minor units, rounded to the cent once, at the boundary. */
export function toMinor(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) : 0;
}

/** Decimal text such as "14.95" to minor units; anything else counts as none. */
export function decimalToMinor(text: string | null | undefined): number {
  const m = /^\s*(\d+)(?:\.(\d+))?\s*$/.exec(text ?? '');
  if (!m) return 0;
  const frac = (m[2] ?? '').padEnd(3, '0');
  return Number(m[1]) * 100 + Number(frac.slice(0, 2)) + (Number(frac[2]) >= 5 ? 1 : 0);
}

export function formatMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
