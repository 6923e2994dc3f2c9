import type { Kysely } from 'kysely';
import type { GatewayDb } from '../credentials/credentials.table';
import { findSecret, findUser } from '../credentials/credentials.repository';
import { DUMMY_PASSWORD_HASH, safeEqualHex, sha256Hex, verifyPassword } from '../credentials/hashing';
import { TtlCache } from './ttl-cache';

export interface Principal {
  company: string;
  /** `token:<id>`, `user:<name>` or `key:<id>`: also the rate-limit bucket. */
  principal: string;
  /** A token's or key's label (what the audit log names it by); never signed into internal tokens. */
  label?: string;
}

export type Realm = 'consignments' | 'delivery-options';

/**
 * Turns an Authorization header into a principal. Successful look-ups are cached briefly so the
 * scrypt cost of Basic auth is paid once per credential, not once per request; a revoked token stops
 * working within the cache TTL.
 */
export class Authenticator {
  private readonly cache = new TtlCache<Principal>(30_000, 50_000);
  constructor(private readonly db: Kysely<GatewayDb>) {}

  async authenticate(header: string | undefined, realm: Realm): Promise<Principal | null> {
    if (!header) return null;
    const cacheKey = `${realm}\u0000${sha256Hex(header)}`;
    const hit = this.cache.get(cacheKey);
    if (hit) return hit;
    const principal = realm === 'consignments' ? await this.consignmentsAuth(header) : await this.deliveryOptionsAuth(header);
    if (principal) this.cache.set(cacheKey, principal);
    return principal;
  }

  private async consignmentsAuth(header: string): Promise<Principal | null> {
    const m = /^\s*(\S+)\s+(.+?)\s*$/.exec(header);
    if (!m) return null;
    const scheme = m[1].toLowerCase();
    if (scheme === 'token') return this.secret('api_tokens', m[2], 'token');
    if (scheme === 'basic') return this.basic(m[2]);
    return null;
  }

  private async deliveryOptionsAuth(header: string): Promise<Principal | null> {
    const m = /^\s*(?:(api-key|bearer)\s+)?(\S+)\s*$/i.exec(header);
    return m ? this.secret('delivery_keys', m[2], 'key') : null;
  }

  private async secret(kind: 'api_tokens' | 'delivery_keys', value: string, prefix: string): Promise<Principal | null> {
    const row = await findSecret(this.db, kind, value);
    if (!row || !safeEqualHex(row.secret_hash, sha256Hex(value))) return null;
    return { company: row.company, principal: `${prefix}:${row.id}`, label: row.label };
  }

  private async basic(encoded: string): Promise<Principal | null> {
    let decoded: string;
    try {
      decoded = Buffer.from(encoded, 'base64').toString('utf8');
    } catch {
      return null;
    }
    const colon = decoded.indexOf(':');
    if (colon < 1) return null;
    const username = decoded.slice(0, colon);
    const password = decoded.slice(colon + 1);
    const user = await findUser(this.db, username);
    const ok = await verifyPassword(password, user?.password_hash ?? DUMMY_PASSWORD_HASH);
    return ok && user ? { company: user.company, principal: `user:${user.username}` } : null;
  }
}
