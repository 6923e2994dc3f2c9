import { sql, type Kysely } from 'kysely';
import { schemaOf } from '@waybill/db';

/**
 * Contract (`waybill migrate --contract`, once no process of the previous release runs): the projection's
 * keys become company and identifier only, so two companies may share an identifier. A key already on
 * the company (a database that took this change in one step) is left as it is.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = schemaOf(db);
  await sql.raw(`do $$ begin
    if (select array_length(conkey, 1) from pg_constraint where conname = 'tracked_consignments_pkey' and conrelid = '${s}.tracked_consignments'::regclass) = 1 then
      alter table ${s}.tracked_consignments drop constraint tracked_consignments_pkey;
      alter table ${s}.tracked_consignments add constraint tracked_consignments_pkey primary key using index tracked_consignments_company_identifier;
    end if;
    if (select array_length(conkey, 1) from pg_constraint where conname = 'parcels_consignment_tracking' and conrelid = '${s}.parcels'::regclass) = 2 then
      alter table ${s}.parcels drop constraint parcels_consignment_tracking;
      alter table ${s}.parcels add constraint parcels_consignment_tracking unique using index parcels_company_consignment_tracking;
    end if;
  end $$`).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('20261127000001_company_identifiers_contract cannot be undone once two companies share an identifier');
}
