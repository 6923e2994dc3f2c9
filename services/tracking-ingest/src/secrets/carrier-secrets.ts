import type { Kysely } from 'kysely';
import type { SecretBox } from '@waybill/internal-auth';
import type { TrackingDb } from '../database';

/**
 * Carriers' ingest secrets, sealed at rest. Every push needs its carrier's secret, so opened secrets
 * are cached briefly; a secret changed by the admin CLI takes effect on every replica within the TTL.
 */
export class CarrierSecrets {
  private readonly cache = new Map<string, { secret: string | null; until: number }>();

  constructor(private readonly db: Kysely<TrackingDb>, private readonly box: SecretBox, private readonly ttlMs = 10_000) {}

  /** The carrier's secret, or null when none was set (the carrier cannot push). */
  async get(carrierId: string): Promise<string | null> {
    const hit = this.cache.get(carrierId);
    if (hit && hit.until > Date.now()) return hit.secret;
    const row = await this.db.selectFrom('carrier_secrets').select('secret_sealed').where('carrier_id', '=', carrierId).executeTakeFirst();
    const secret = row ? this.box.open(row.secret_sealed, carrierId) : null;
    if (this.cache.size > 1000) this.cache.clear();
    this.cache.set(carrierId, { secret, until: Date.now() + this.ttlMs });
    return secret;
  }

  async set(carrierId: string, secret: string): Promise<void> {
    const sealed = this.box.seal(secret, carrierId);
    await this.db.insertInto('carrier_secrets')
      .values({ carrier_id: carrierId, secret_sealed: sealed })
      .onConflict((oc) => oc.column('carrier_id').doUpdateSet({ secret_sealed: sealed, updated_at: new Date().toISOString() }))
      .execute();
    this.cache.delete(carrierId);
  }
}
