import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { GatewayDb } from '../credentials/credentials.table';
import { sha256Hex } from '../credentials/hashing';
import type { Principal } from '../auth/authenticator';

/** A session lasts at most 8 hours, and ends after 30 minutes without a request. */
export const SESSION_MAX_AGE_MS = 8 * 3600_000;
export const SESSION_IDLE_MS = 30 * 60_000;

export interface ConsoleSession extends Principal {
  csrfToken: string;
}

export class SessionStore {
  constructor(private readonly db: Kysely<GatewayDb>, private readonly now: () => number = Date.now) {}

  /** Returns the cookie value (only its digest is stored) and the CSRF token the page must echo. */
  async create(p: Principal): Promise<{ cookie: string; csrfToken: string }> {
    const cookie = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(24).toString('base64url');
    const at = new Date(this.now());
    await this.db.insertInto('console_sessions')
      .values({ id_hash: sha256Hex(cookie), company: p.company, principal: p.principal, csrf_token: csrfToken, created_at: at, last_seen_at: at })
      .execute();
    return { cookie, csrfToken };
  }

  /** The live session behind a cookie, refreshing its idle clock; expired sessions are deleted. */
  async find(cookie: string | undefined): Promise<ConsoleSession | null> {
    if (!cookie) return null;
    const idHash = sha256Hex(cookie);
    const row = await this.db.selectFrom('console_sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
    if (!row) return null;
    const now = this.now();
    if (now - new Date(row.created_at).getTime() > SESSION_MAX_AGE_MS || now - new Date(row.last_seen_at).getTime() > SESSION_IDLE_MS) {
      await this.delete(cookie);
      return null;
    }
    await this.db.updateTable('console_sessions').set({ last_seen_at: new Date(now) }).where('id_hash', '=', idHash).execute();
    return { company: row.company, principal: row.principal, csrfToken: row.csrf_token };
  }

  async delete(cookie: string): Promise<void> {
    await this.db.deleteFrom('console_sessions').where('id_hash', '=', sha256Hex(cookie)).execute();
  }
}
