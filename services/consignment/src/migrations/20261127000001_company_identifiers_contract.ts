import { sql, type Kysely } from 'kysely';
import { schemaOf } from '@waybill/db';

/**
 * Contract (`waybill migrate --contract`, once no process of the previous release runs): identifiers are
 * unique per company only, so two companies may both use "48213"; the dashboard's row is keyed by company
 * and identifier. A key already on the company (a database that took this change in one step) is left as
 * it is.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = schemaOf(db);
  await sql.raw(`alter table ${s}.consignments drop constraint if exists consignments_identifier_key`).execute(db);
  await sql.raw(`drop index if exists ${s}.status_history_identifier`).execute(db);
  await sql.raw(`do $$ begin
    if (select array_length(conkey, 1) from pg_constraint where conname = 'dashboard_consignments_pkey' and conrelid = '${s}.dashboard_consignments'::regclass) = 1 then
      alter table ${s}.dashboard_consignments drop constraint dashboard_consignments_pkey;
      alter table ${s}.dashboard_consignments add constraint dashboard_consignments_pkey primary key using index dashboard_consignments_company_identifier;
    end if;
  end $$`).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('20261127000001_company_identifiers_contract cannot be undone once two companies share an identifier');
}
