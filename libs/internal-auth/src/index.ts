import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

/**
 * Internal service tokens: the gateway authenticates a caller once and forwards a short-lived JWT
 * whose audience is the target service, so a token taken from one service cannot be replayed to another.
 */
export interface InternalPrincipal {
  /** Company slug the request acts for. */
  company: string;
  /** Who: `user:<name>`, `token:<id>`, `key:<id>`, `service:<name>`, `carrier:<id>`. */
  principal: string;
}

export const INTERNAL_TOKEN_TTL_SECONDS = 60;
const ISSUER = 'waybill-internal';

/**
 * jsonwebtoken first tries to parse a string secret as a PEM key on every sign and verify; the failed
 * parse cost a third of a service's CPU per request under load. A KeyObject made once skips it.
 */
const hmacKeys = new Map<string, KeyObject>();
function hmacKey(secret: string): KeyObject | string {
  if (secret === '') return secret;
  let key = hmacKeys.get(secret);
  if (!key) {
    if (hmacKeys.size >= 16) hmacKeys.clear();
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    hmacKeys.set(secret, key);
  }
  return key;
}

export function signInternalToken(secret: string, audience: string, p: InternalPrincipal): string {
  return jwt.sign({ company: p.company, principal: p.principal }, hmacKey(secret), {
    algorithm: 'HS256', audience, issuer: ISSUER, expiresIn: INTERNAL_TOKEN_TTL_SECONDS,
  });
}

export class InternalAuthError extends Error {}

export function verifyInternalToken(secret: string, audience: string, token: string): InternalPrincipal {
  try {
    const claims = jwt.verify(token, hmacKey(secret), { algorithms: ['HS256'], audience, issuer: ISSUER }) as jwt.JwtPayload;
    if (typeof claims.company !== 'string' || typeof claims.principal !== 'string') throw new InternalAuthError('malformed internal token');
    return { company: claims.company, principal: claims.principal };
  } catch (err) {
    if (err instanceof InternalAuthError) throw err;
    throw new InternalAuthError((err as Error).message);
  }
}

/**
 * Caches signed tokens per (audience, company, principal) for part of their lifetime: signing on every
 * proxied request is measurable on the hot path, and a token stays valid for 60 s anyway.
 */
export class InternalTokenSigner {
  private cache = new Map<string, { token: string; until: number }>();
  constructor(private readonly secret: string) {}
  sign(audience: string, p: InternalPrincipal): string {
    const key = `${audience}\u0000${p.company}\u0000${p.principal}`;
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && hit.until > now) return hit.token;
    const token = signInternalToken(this.secret, audience, p);
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(key, { token, until: now + (INTERNAL_TOKEN_TTL_SECONDS / 2) * 1000 });
    return token;
  }
}
