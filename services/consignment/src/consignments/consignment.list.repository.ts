import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { ConsignmentDb } from '../database';
import type { ConsignmentStatus } from './consignment.status';
import type { ConsignmentRow } from './consignment.table';

export interface ListFilter {
  company: string;
  afterSeq: number | null;
  status?: ConsignmentStatus;
  identifier?: string;
  orderNumber?: string;
}

function filtered(db: Kysely<ConsignmentDb>, f: ListFilter): SelectQueryBuilder<ConsignmentDb, 'consignments', object> {
  let q = db.selectFrom('consignments').where('company', '=', f.company);
  if (f.afterSeq !== null) q = q.where('seq', '>', f.afterSeq);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.identifier !== undefined) q = q.where('identifier', '=', f.identifier);
  if (f.orderNumber !== undefined) q = q.where('order_number', '=', f.orderNumber);
  return q;
}

/**
 * Keyset page: rows after the cursor's seq, so the cost of a page does not grow with its depth.
 * One extra row is fetched to know whether a next page exists.
 */
export async function listPage(db: Kysely<ConsignmentDb>, f: ListFilter, limit: number): Promise<{ rows: ConsignmentRow[]; more: boolean; count: number }> {
  const [rows, countRow] = await Promise.all([
    filtered(db, f).selectAll().orderBy('seq').limit(limit + 1).execute(),
    filtered(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.slice(0, limit), more: rows.length > limit, count: Number(countRow.n) };
}

export async function seqOf(db: Kysely<ConsignmentDb>, company: string, identifier: string): Promise<number | undefined> {
  const row = await db.selectFrom('consignments').select('seq').where('company', '=', company).where('identifier', '=', identifier).executeTakeFirst();
  return row?.seq;
}
