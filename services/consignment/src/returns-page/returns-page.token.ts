import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a token is for: the order form, the items form of one outbound, or one return's label link. */
export type TokenKind = 'form' | 'items' | 'label';

export interface TokenClaims {
  kind: TokenKind;
  company: string;
  /** The outbound (items) or the return (label) it names; empty for the order form. */
  subject: string;
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** Makes every form token distinct, so a booking's key derived from it is the one submission's. */
  nonce: string;
}

/** How long a form stays usable, and a label link. */
export const FORM_TTL_SECONDS = 30 * 60;
export const LABEL_TTL_SECONDS = 30 * 24 * 3600;

/** The page's own key, derived from the service's secret: a token of another purpose never verifies here. */
export function pageKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('waybill returns-page v1').digest();
}

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');
const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest();

/** `<claims as base64url JSON>.<HMAC-SHA256 as base64url>`. */
export function signToken(key: Buffer, claims: Omit<TokenClaims, 'nonce'> & { nonce?: string }): string {
  const body = b64(JSON.stringify([claims.kind, claims.company, claims.subject, claims.exp, claims.nonce ?? randomBytes(9).toString('base64url')]));
  return `${body}.${b64(mac(key, body))}`;
}

export type Checked = { ok: true; claims: TokenClaims } | { ok: false; why: 'forged' | 'expired' };

/**
 * The token's claims when its signature is ours (compared in constant time), it is of the kind and
 * company expected, and it has not expired at `now`.
 */
export function verifyToken(key: Buffer, token: unknown, kind: TokenKind, company: string, now: Date): Checked {
  if (typeof token !== 'string' || token.length > 2048) return { ok: false, why: 'forged' };
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined) return { ok: false, why: 'forged' };
  const given = Buffer.from(sig, 'base64url');
  const wanted = mac(key, body);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return { ok: false, why: 'forged' };
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, why: 'forged' };
  }
  if (!Array.isArray(parts) || parts.length !== 5) return { ok: false, why: 'forged' };
  const [k, c, subject, exp, nonce] = parts as [string, string, string, number, string];
  if (k !== kind || c !== company || typeof exp !== 'number' || typeof subject !== 'string') return { ok: false, why: 'forged' };
  if (exp * 1000 <= now.getTime()) return { ok: false, why: 'expired' };
  return { ok: true, claims: { kind: k, company: c, subject, exp, nonce } };
}

/** The Idempotency-style key of the booking a form token allows: one token, one return. */
export function bookingKey(token: string): string {
  return `returns-page:${createHash('sha256').update(token).digest('hex').slice(0, 40)}`;
}
