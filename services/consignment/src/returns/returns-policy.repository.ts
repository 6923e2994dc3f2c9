import { sql, type Kysely } from 'kysely';
import type { ConsignmentDb } from '../database';
import { NO_POLICY, type ReturnsPolicy } from './returns-policy';

/** The company's returns policy as last written, or NO_POLICY. */
export async function loadPolicy(db: Kysely<ConsignmentDb>, company: string): Promise<ReturnsPolicy> {
  const row = await db.selectFrom('returns_policies').select('policy').where('company', '=', company).executeTakeFirst();
  return row ? { ...NO_POLICY, ...row.policy } : NO_POLICY;
}

export async function savePolicy(db: Kysely<ConsignmentDb>, company: string, policy: ReturnsPolicy): Promise<void> {
  await db.insertInto('returns_policies').values({ company, policy: JSON.stringify(policy) })
    .onConflict((oc) => oc.column('company').doUpdateSet({ policy: JSON.stringify(policy), updated_at: sql`now()` }))
    .execute();
}
