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

export function signInternalToken(secret: string, audience: string, p: InternalPrincipal): string {
  return jwt.sign({ company: p.company, principal: p.principal }, secret, {
    algorithm: 'HS256', audience, issuer: ISSUER, expiresIn: INTERNAL_TOKEN_TTL_SECONDS,
  });
}

export class InternalAuthError extends Error {}

const secretKeys = new Map<string, KeyObject>();

/**
 * The secret as a KeyObject, made once: given a string, jsonwebtoken first tries it as a public key and
 * throws, on every call, which cost more than the rest of a request to a service.
 */
function keyOf(secret: string): KeyObject {
  let key = secretKeys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    secretKeys.set(secret, key);
  }
  return key;
}

/**
 * Tokens already verified, until they expire: the gateway re-uses a token for half its life, so a
 * service would otherwise check the same signature thousands of times. Keyed by secret, audience and
 * the exact token text, so nothing verified for one audience or key is accepted for another.
 */
const verified = new Map<string, { principal: InternalPrincipal; expiresAt: number }>();

export function verifyInternalToken(secret: string, audience: string, token: string): InternalPrincipal {
  const cacheKey = `${secret}\u0000${audience}\u0000${token}`;
  const hit = verified.get(cacheKey);
  if (hit && hit.expiresAt > Date.now()) return hit.principal;
  try {
    const claims = jwt.verify(token, keyOf(secret), { algorithms: ['HS256'], audience, issuer: ISSUER }) as jwt.JwtPayload;
    if (typeof claims.company !== 'string' || typeof claims.principal !== 'string') throw new InternalAuthError('malformed internal token');
    const principal = { company: claims.company, principal: claims.principal };
    if (verified.size > 10_000) verified.clear();
    verified.set(cacheKey, { principal, expiresAt: (claims.exp ?? 0) * 1000 });
    return principal;
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
