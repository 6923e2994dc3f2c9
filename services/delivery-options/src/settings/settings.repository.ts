import type { Kysely, Transaction } from 'kysely';
import type { DeliveryOptionsDb } from '../database';
import type { Preference, RuleSettings } from '../engine/compile';

type Db = Kysely<DeliveryOptionsDb> | Transaction<DeliveryOptionsDb>;

export const DEFAULT_SETTINGS: RuleSettings = { currency: 'GBP', allocationPreference: 'cheapest' };

export async function findSettings(db: Db, company: string): Promise<RuleSettings | undefined> {
  const row = await db.selectFrom('rule_settings').selectAll().where('company', '=', company).executeTakeFirst();
  return row && { currency: row.currency, allocationPreference: row.allocation_preference as Preference };
}

export async function saveSettings(trx: Transaction<DeliveryOptionsDb>, company: string, s: RuleSettings): Promise<void> {
  const values = { allocation_preference: s.allocationPreference, currency: s.currency, updated_at: new Date().toISOString() };
  await trx.insertInto('rule_settings').values({ company, ...values })
    .onConflict((oc) => oc.column('company').doUpdateSet(values)).execute();
}
