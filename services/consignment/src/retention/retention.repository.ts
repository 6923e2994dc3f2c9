import { sql, type Kysely, type Transaction } from 'kysely';
import type { ConsignmentDb } from '../database';
import type { ConsignmentRow } from '../consignments/consignment.table';
import { erasedData } from './retention.erasure';

type Db = Kysely<ConsignmentDb> | Transaction<ConsignmentDb>;

/** Days a recipient's personal data is kept when the company has not set its own (docs/api/retention.md). */
export const DEFAULT_PERSONAL_DATA_DAYS = 365;
/** The shortest period a company can set: the sweep reads no consignment changed more recently. */
export const MIN_PERSONAL_DATA_DAYS = 30;

export async function personalDataDays(db: Db, company: string): Promise<number> {
  const row = await db.selectFrom('retention_settings').select('personal_data_days').where('company', '=', company).executeTakeFirst();
  return row?.personal_data_days ?? DEFAULT_PERSONAL_DATA_DAYS;
}

export async function setPersonalDataDays(db: Db, company: string, days: number): Promise<void> {
  await db.insertInto('retention_settings').values({ company, personal_data_days: days })
    .onConflict((oc) => oc.column('company').doUpdateSet({ personal_data_days: days, updated_at: new Date().toISOString() }))
    .execute();
}

/** Erases one consignment's personal data; undefined when it was erased already (or is not there). */
export async function eraseOne(trx: Transaction<ConsignmentDb>, company: string, identifier: string): Promise<ConsignmentRow | undefined> {
  return trx.updateTable('consignments')
    .set({ data: erasedData() as never, erased_at: sql<string>`now()`, version: sql`version + 1`, updated_at: sql<string>`now()` })
    .where('company', '=', company).where('identifier', '=', identifier).where('erased_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** What the erasure event of a swept consignment needs (no personal data). */
export interface ErasedRef {
  company: string;
  identifier: string;
  consignment_number: string | null;
  tracking_numbers: string[];
}

/**
 * Erases up to `limit` consignments past their company's period, in one statement: the due rows are
 * found through the partial index of not-yet-erased rows by last change (every period is at least
 * MIN_PERSONAL_DATA_DAYS), locked with SKIP LOCKED so replicas or a request erasing the same row
 * at once never wait on each other, and updated. `updated_at` is the time of the last change, which for
 * a delivered or cancelled consignment is its delivery or cancellation; the erasure leaves it as it was.
 */
export async function eraseDueBatch(trx: Transaction<ConsignmentDb>, now: Date, limit: number): Promise<ErasedRef[]> {
  const at = now.toISOString();
  const rows = await trx
    .with('due', (q) => q.selectFrom('consignments as c')
      .leftJoin('retention_settings as s', 's.company', 'c.company')
      .select('c.seq')
      .where('c.erased_at', 'is', null)
      .where('c.updated_at', '<', sql<Date>`${at}::timestamptz - make_interval(days => ${MIN_PERSONAL_DATA_DAYS})`)
      .where('c.updated_at', '<', sql<Date>`${at}::timestamptz - make_interval(days => coalesce(s.personal_data_days, ${DEFAULT_PERSONAL_DATA_DAYS}))`)
      .limit(limit)
      .forUpdate(['c']).skipLocked())
    .updateTable('consignments')
    .set({ data: erasedData() as never, erased_at: at, version: sql`version + 1` })
    .from('due')
    .whereRef('consignments.seq', '=', 'due.seq')
    .returning(['consignments.company', 'consignments.identifier', 'consignments.consignment_number',
      sql<string[]>`coalesce((select jsonb_agg(p->>'tracking_number') from jsonb_array_elements(coalesce(data->'packages', '[]'::jsonb)) p
        where p->>'tracking_number' is not null), '[]'::jsonb)`.as('tracking_numbers')])
    .execute();
  return rows;
}
