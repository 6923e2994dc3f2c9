import { sql, type Kysely } from 'kysely';
import { schemaOf } from './counts.sql';

/**
 * A consignment's identifier may be the client's own (docs/api/consignments.md#identifiers), so it is unique per
 * company, not across companies: two companies may both send "48213". Everything keyed by identifier
 * alone is keyed by (company, identifier) from here on: the consignment itself, its status history (which
 * gains a company column, filled from the consignment for the rows there are) and the dashboard's row.
 *
 * Replicas of the previous version, still running during a rollout, record history without a company: a
 * trigger fills it in from the consignment (their identifiers are Waybill's own, so the match is one row).
 *
 * Expand: the keys by company are added beside the previous release's, which its processes still rely on
 * during a rolling upgrade (the dashboard's upsert names `identifier`). The contract migration
 * (`..._company_identifiers_contract`, after the rollout) drops the old keys.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = schemaOf(db);
  const statements = [
    `create unique index consignments_company_identifier on ${s}.consignments (company, identifier)`,
    `alter table ${s}.status_history add column company text`,
    `update ${s}.status_history h set company = c.company from ${s}.consignments c where c.identifier = h.identifier`,
    `create index status_history_company_identifier on ${s}.status_history (company, identifier, id)`,
    `create or replace function ${s}.status_history_company() returns trigger language plpgsql as $$ begin
      if new.company is null then
        select c.company into new.company from ${s}.consignments c where c.identifier = new.identifier order by c.seq limit 1;
      end if;
      return new; end $$`,
    `create trigger status_history_company before insert on ${s}.status_history for each row when (new.company is null)
      execute function ${s}.status_history_company()`,
    `create unique index dashboard_consignments_company_identifier on ${s}.dashboard_consignments (company, identifier)`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('20261127000000_company_identifiers cannot be undone once two companies share an identifier');
}
