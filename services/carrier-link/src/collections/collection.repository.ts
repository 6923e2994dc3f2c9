import type { Insertable, Kysely } from 'kysely';
import type { CarrierLinkDb } from '../database';
import type { CollectionRow, CollectionsTable } from './collection.table';

type Db = Kysely<CarrierLinkDb>;

export async function findCollection(db: Db, company: string, identifier: string): Promise<CollectionRow | undefined> {
  return db.selectFrom('collections').selectAll().where('company', '=', company).where('identifier', '=', identifier).executeTakeFirst();
}

export async function saveCollection(db: Db, row: Insertable<CollectionsTable>): Promise<void> {
  await db.insertInto('collections').values(row).execute();
}

/** Marks it cancelled once: a second cancel keeps the first time. */
export async function markCollectionCancelled(db: Db, company: string, identifier: string): Promise<void> {
  await db.updateTable('collections').set({ status: 'cancelled', cancelled_at: new Date() })
    .where('company', '=', company).where('identifier', '=', identifier).where('status', '=', 'booked').execute();
}

export interface CollectionFilter { company: string; warehouseId?: string; date?: string; afterSeq?: string }

/** One page in booking order, and how many match from this page on. */
export async function listCollections(db: Db, f: CollectionFilter, limit: number): Promise<{ rows: CollectionRow[]; count: number; more: boolean }> {
  let q = db.selectFrom('collections').where('company', '=', f.company);
  if (f.warehouseId !== undefined) q = q.where('warehouse_id', '=', f.warehouseId);
  if (f.date !== undefined) q = q.where('date', '=', f.date);
  if (f.afterSeq !== undefined) q = q.where('seq', '>', f.afterSeq);
  const [rows, counted] = await Promise.all([
    q.selectAll().orderBy('seq').limit(limit + 1).execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.slice(0, limit), count: Number(counted.n), more: rows.length > limit };
}
