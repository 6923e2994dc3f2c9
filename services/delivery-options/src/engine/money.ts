/**
 * Money as integer minor units (pence, cents) and decimal text, never floating-point arithmetic: a
 * JSON number is read through its shortest decimal text, which is what the client wrote.
 */
const digitsByCurrency = new Map<string, number>();

/** Minor-unit digits of an ISO 4217 currency (GBP 2, JPY 0, BHD 3). */
export function minorDigits(currency: string): number {
  const code = currency.toUpperCase();
  let d = digitsByCurrency.get(code);
  if (d === undefined) {
    try {
      d = new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      d = 2;
    }
    digitsByCurrency.set(code, d);
  }
  return d;
}

/** `"12.345"` → minor units at `digits`, rounding half up past them. */
export function decimalToMinor(text: string, digits: number): number {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) throw new Error(`not a decimal amount: "${text}"`);
  const frac = m[2] ?? '';
  const kept = (frac + '0'.repeat(digits)).slice(0, digits);
  const roundUp = frac.length > digits && frac.charCodeAt(digits) >= 53; // '5'
  return Number(m[1]) * 10 ** digits + Number(kept || '0') + (roundUp ? 1 : 0);
}

/** A non-negative JSON number to minor units, through its decimal text (exponent form included). */
export function numberToMinor(value: number, digits: number): number {
  return decimalToMinor(plainDecimal(value), digits);
}

export function minorToDecimal(minor: number, digits: number): string {
  if (digits === 0) return String(minor);
  const s = String(minor).padStart(digits + 1, '0');
  return `${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

/** `1e-7` → `"0.0000001"`, `1.5e21` → `"1500000000000000000000"`. */
function plainDecimal(value: number): string {
  const s = String(value);
  if (!s.includes('e')) return s; // the usual case: already plain, no need for the expression
  const m = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  const digits = m[1] + (m[2] ?? '');
  const point = m[1].length + Number(m[3]);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}
