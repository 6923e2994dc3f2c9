import { sql, type Transaction } from 'kysely';
import type { ConsignmentDb } from '../database';
import type { ConsignmentRow } from '../consignments/consignment.table';

type Trx = Transaction<ConsignmentDb>;

/**
 * Locks the company's rows among `identifiers` until the transaction ends. Rows are locked in `seq`
 * order, so two claims over overlapping sets queue behind each other instead of deadlocking.
 */
export type ClaimCheckRow = Pick<ConsignmentRow, 'identifier' | 'status' | 'carrier_id' | 'warehouse_id' | 'manifest_id'>;

/** Only what the checks read: a manifest may lock 10,000 rows, and their documents are not needed for that. */
export async function lockForClaim(trx: Trx, company: string, identifiers: string[]): Promise<ClaimCheckRow[]> {
  return trx.selectFrom('consignments').select(['identifier', 'status', 'carrier_id', 'warehouse_id', 'manifest_id'])
    .where('company', '=', company)
    .where(sql<boolean>`identifier = any(${identifiers}::text[])`)
    .orderBy('seq')
    .forUpdate()
    .execute();
}

export async function findClaimed(trx: Trx, company: string, manifestId: string): Promise<ConsignmentRow[]> {
  return trx.selectFrom('consignments').selectAll()
    .where('company', '=', company).where('manifest_id', '=', manifestId)
    .orderBy('seq')
    .execute();
}

/** One statement for the whole manifest; every row was checked under lock first. */
export async function markManifested(trx: Trx, company: string, identifiers: string[], manifestId: string): Promise<ConsignmentRow[]> {
  return trx.updateTable('consignments')
    .set({ status: 'Manifested', manifest_id: manifestId, rejection_reason: null, version: sql`version + 1`, updated_at: new Date().toISOString() })
    .where('company', '=', company)
    .where(sql<boolean>`identifier = any(${identifiers}::text[])`)
    .returningAll()
    .execute();
}

export async function recordManifestedStatus(trx: Trx, identifiers: string[], manifestId: string): Promise<void> {
  const BATCH = 1000;
  for (let i = 0; i < identifiers.length; i += BATCH) {
    await trx.insertInto('status_history')
      .values(identifiers.slice(i, i + BATCH).map((identifier) => ({ identifier, status: 'Manifested', reason: `manifest ${manifestId}` })))
      .execute();
  }
}
