import type { Kysely } from 'kysely';
import type { ConsignmentDb } from '../database';
import { loadAliases } from './service-alias.repository';
import { NO_ALIASES, ServiceAliases } from './service-aliases';

/**
 * Every create and PUT reads its company's aliases, and they change rarely (a migration's one-off setup),
 * so they are cached briefly, as CompanyDirectory caches the rest of the company: a PUT through this
 * replica applies at once, one through another replica or the CLI within `ttlMs`.
 */
export class ServiceAliasDirectory {
  private readonly cache = new Map<string, { aliases: ServiceAliases; until: number }>();

  constructor(private readonly db: Kysely<ConsignmentDb>, private readonly ttlMs = 5000) {}

  async of(company: string): Promise<ServiceAliases> {
    const hit = this.cache.get(company);
    if (hit && hit.until > Date.now()) return hit.aliases;
    const entries = await loadAliases(this.db, company);
    const aliases = entries.length ? new ServiceAliases(entries) : NO_ALIASES;
    this.cache.set(company, { aliases, until: Date.now() + this.ttlMs });
    return aliases;
  }

  invalidate(company: string): void {
    this.cache.delete(company);
  }
}
