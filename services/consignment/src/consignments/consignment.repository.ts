import { sql, type Kysely, type Transaction } from 'kysely';
import type { ConsignmentDb } from '../database';
import type { ConsignmentStatus } from './consignment.status';
import type { ConsignmentPatch, ConsignmentRow, NewConsignmentRow } from './consignment.table';

type Db = Kysely<ConsignmentDb> | Transaction<ConsignmentDb>;

export async function insertConsignments(trx: Transaction<ConsignmentDb>, rows: NewConsignmentRow[]): Promise<ConsignmentRow[]> {
  if (rows.length === 0) return [];
  const inserted = await trx.insertInto('consignments').values(rows).returningAll().execute();
  await trx.insertInto('status_history')
    .values(inserted.map((r) => ({ identifier: r.identifier, status: r.status, reason: r.rejection_reason })))
    .execute();
  return inserted;
}

export async function findByIdentifier(db: Db, company: string, identifier: string): Promise<ConsignmentRow | undefined> {
  return db.selectFrom('consignments').selectAll()
    .where('identifier', '=', identifier).where('company', '=', company)
    .executeTakeFirst();
}

export async function existingIdentifiers(db: Db, company: string, identifiers: string[]): Promise<Set<string>> {
  if (identifiers.length === 0) return new Set();
  const rows = await db.selectFrom('consignments').select('identifier')
    .where('company', '=', company).where('identifier', 'in', identifiers).execute();
  return new Set(rows.map((r) => r.identifier));
}

/**
 * Optimistic update: succeeds only if nobody changed the row since it was read (carrier calls happen
 * between the read and this write, outside any transaction).
 */
export async function updateIfVersion(
  trx: Transaction<ConsignmentDb>, company: string, identifier: string, version: number, patch: ConsignmentPatch,
): Promise<ConsignmentRow | undefined> {
  return trx.updateTable('consignments')
    .set({ ...patch, version: sql`version + 1`, updated_at: new Date().toISOString() })
    .where('company', '=', company).where('identifier', '=', identifier).where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
}

export async function recordStatus(trx: Transaction<ConsignmentDb>, identifier: string, status: ConsignmentStatus, reason: string | null): Promise<void> {
  await trx.insertInto('status_history').values({ identifier, status, reason }).execute();
}

export async function statusHistory(db: Db, identifier: string) {
  return db.selectFrom('status_history').select(['status', 'reason', 'at']).where('identifier', '=', identifier).orderBy('id').execute();
}

/** Moves a consignment from one status to another only if it is still in `from` (an event may arrive late). */
export async function moveStatusIf(
  trx: Transaction<ConsignmentDb>, company: string, identifier: string, from: ConsignmentStatus, to: ConsignmentStatus,
): Promise<ConsignmentRow | undefined> {
  return trx.updateTable('consignments')
    .set({ status: to, version: sql`version + 1`, updated_at: new Date().toISOString() })
    .where('company', '=', company).where('identifier', '=', identifier).where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}
