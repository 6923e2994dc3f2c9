import { createHmac, timingSafeEqual } from 'node:crypto';

/** `x-waybill-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (docs/api/tracking.md). */
export const SIGNATURE_HEADER = 'x-waybill-signature';
export const TOLERANCE_SECONDS = 300;

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

export function computeSignature(secret: string, timestamp: number, rawBody: Buffer): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** `t` and every `v1` of the header (several `v1` let a carrier sign with an old and a new secret at once). */
function parseHeader(header: string): { t: number; v1: string[] } | null {
  let t: number | undefined;
  const v1: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const [key, value] = [part.slice(0, eq).trim(), part.slice(eq + 1).trim()];
    if (key === 't' && /^\d{1,12}$/.test(value)) t = Number(value);
    if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) v1.push(value.toLowerCase());
  }
  return t === undefined || v1.length === 0 ? null : { t, v1 };
}

/** Constant-time check of the signature against the carrier's secret, within 5 minutes of `nowSeconds`. */
export function verifySignature(header: string | undefined, rawBody: Buffer, secret: string, nowSeconds: number): SignatureCheck {
  if (!header) return { ok: false, reason: `Missing ${SIGNATURE_HEADER} header.` };
  const parsed = parseHeader(header);
  if (!parsed) return { ok: false, reason: `Malformed ${SIGNATURE_HEADER} header; expected t=<unix seconds>,v1=<hex HMAC-SHA256>.` };
  if (Math.abs(nowSeconds - parsed.t) > TOLERANCE_SECONDS) {
    return { ok: false, reason: 'Signature timestamp is more than 5 minutes away from the server clock.' };
  }
  const expected = Buffer.from(computeSignature(secret, parsed.t, rawBody), 'hex');
  const match = parsed.v1.some((candidate) => timingSafeEqual(expected, Buffer.from(candidate, 'hex')));
  return match ? { ok: true } : { ok: false, reason: 'Invalid signature.' };
}
