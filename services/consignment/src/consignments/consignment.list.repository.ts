import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { ConsignmentDb } from '../database';
import type { ConsignmentStatus } from './consignment.status';
import type { ConsignmentRow } from './consignment.table';

export interface ListFilter {
  company: string;
  afterSeq: number | null;
  status?: ConsignmentStatus;
  identifier?: string;
  orderNumber?: string;
  direction?: 'outbound' | 'return';
  returnFor?: string;
}

function filtered(db: Kysely<ConsignmentDb>, f: ListFilter): SelectQueryBuilder<ConsignmentDb, 'consignments', object> {
  let q = db.selectFrom('consignments').where('company', '=', f.company);
  // Unnumbered rows (list_seq null: committed, not yet numbered) fail the comparison, so they wait.
  q = q.where('list_seq', '>', f.afterSeq ?? 0);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.identifier !== undefined) q = q.where('identifier', '=', f.identifier);
  if (f.orderNumber !== undefined) q = q.where('order_number', '=', f.orderNumber);
  if (f.direction !== undefined) q = q.where('direction', '=', f.direction);
  if (f.returnFor !== undefined) q = q.where('return_for', '=', f.returnFor);
  return q;
}

/**
 * Matches after the cursor. Identifier and order-number filters are selective and index-backed, so
 * they are counted directly. Otherwise the whole blocks after the cursor's are added up from
 * `consignment_counts` (exact: kept in the same transactions as the rows), and only the rows after
 * the cursor up to the next counted block are scanned: at most one block, whatever the list's size.
 * Two short queries rather than one, so the scan's bounds are constants the planner can size.
 */
async function countFrom(db: Kysely<ConsignmentDb>, f: ListFilter): Promise<number> {
  const countRows = async (q: SelectQueryBuilder<ConsignmentDb, 'consignments', object>) =>
    Number((await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  // The per-block counts know no direction: a direction filter counts its rows (returns are few).
  if (f.identifier !== undefined || f.orderNumber !== undefined || f.direction !== undefined || f.returnFor !== undefined) return countRows(filtered(db, f));
  let blocks = db.selectFrom('consignment_counts').where('company', '=', f.company).where('block_start', '>', f.afterSeq ?? 0);
  if (f.status) blocks = blocks.where('status', '=', f.status);
  const later = await blocks.select((eb) => [eb.fn.sum<string>('n').as('n'), eb.fn.min('block_start').as('next')]).executeTakeFirstOrThrow();
  const next = later.next;
  const rest = await countRows(next === null ? filtered(db, f) : filtered(db, f).where('list_seq', '<', Number(next)));
  return Number(later.n ?? 0) + rest;
}

/**
 * Keyset page: rows after the cursor's seq, so the cost of a page does not grow with its depth.
 * One extra row is fetched to know whether a next page exists.
 */
export async function listPage(db: Kysely<ConsignmentDb>, f: ListFilter, limit: number): Promise<{ rows: ConsignmentRow[]; more: boolean; count: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, f).selectAll().orderBy('list_seq').limit(limit + 1).execute(),
    countFrom(db, f),
  ]);
  return { rows: rows.slice(0, limit), more: rows.length > limit, count };
}

/** The list position of a page's last row (the `offset` cursor); undefined when unknown or not yet listed. */
export async function seqOf(db: Kysely<ConsignmentDb>, company: string, identifier: string): Promise<number | undefined> {
  const row = await db.selectFrom('consignments').select('list_seq').where('company', '=', company).where('identifier', '=', identifier).executeTakeFirst();
  return row?.list_seq ?? undefined;
}

/** Advisory-lock namespace of list numbering (the second key is the company's hash). */
const NUMBERING_LOCK = 0x5742_4c53;

/**
 * Numbers the company's committed, unnumbered rows after its highest number, in creation order. Runs
 * before every list read, under a per-company lock held to commit: whatever one numbering commits is
 * visible before the next one starts, so numbers become visible in increasing order and a keyset
 * cursor never passes a row that appears later. Nothing to number (the usual case) costs one indexed
 * probe; one numbering takes every row committed so far, however many creates are racing.
 */
export async function numberCommitted(db: Kysely<ConsignmentDb>, company: string): Promise<void> {
  const waiting = await db.selectFrom('consignments').select('seq').where('company', '=', company).where('list_seq', 'is', null).limit(1).executeTakeFirst();
  if (!waiting) return;
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${NUMBERING_LOCK}, hashtext(${company}))`.execute(trx);
    // One statement: the unnumbered rows in creation order, after the company's highest number so far.
    await trx.updateTable('consignments as c')
      .from((eb) => eb.selectFrom('consignments')
        .select(['seq', sql<number>`row_number() over (order by seq)`.as('n')])
        .where('company', '=', company).where('list_seq', 'is', null)
        .as('r'))
      .set((eb) => ({
        list_seq: sql<number>`coalesce((${eb.selectFrom('consignments').select((m) => m.fn.max('list_seq').as('m')).where('company', '=', company)}), 0) + r.n`,
      }))
      .where('c.company', '=', company)
      .whereRef('c.seq', '=', 'r.seq')
      .execute();
  });
}
