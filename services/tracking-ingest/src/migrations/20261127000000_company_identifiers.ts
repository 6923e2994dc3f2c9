import { sql, type Kysely } from 'kysely';
import { schemaOf } from '@waybill/db';

/**
 * A consignment identifier may be the client's own and is unique per company only (two companies may both
 * send "48213"), so the projection keys a consignment and its parcels by company and identifier.
 *
 * Expand: the keys by company are added beside the previous release's, which its processes still name in
 * their upserts during a rolling upgrade (their old key is renamed, not dropped). The contract migration
 * (`..._company_identifiers_contract`, after the rollout) drops the old keys.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = schemaOf(db);
  const statements = [
    `create unique index tracked_consignments_company_identifier on ${s}.tracked_consignments (company, identifier)`,
    `create unique index parcels_company_consignment_tracking on ${s}.parcels (company, consignment_identifier, tracking_number)`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('20261127000000_company_identifiers cannot be undone once two companies share an identifier');
}
