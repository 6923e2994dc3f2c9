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

/**
 * The carrier account a whole-account manifest goes through (carrier-link's id), for carriers reached
 * through one; `sole`: the company never had another account with that carrier.
 */
export interface ManifestingAccount {
  id: string;
  sole: boolean;
}

/**
 * The company's other consignments the carrier will manifest with these (a carrier whose manifest covers
 * the whole account): booked with it, labelled (Allocated or Printed) and on no manifest, locked likewise.
 * Given the account, only what that account booked: a consignment booked through an account the company
 * has since deleted or replaced is not the carrier's to manifest now. A consignment booked before the
 * booking account was kept (`carrier_account` null) is taken only when the account is the only one the
 * company ever had with the carrier, the one case where it is known to have booked it; otherwise it stays
 * as it is, to be named in a manifest or cancelled (docs/carriers/royalmail.md, Manifests).
 */
export async function lockAccountConsignments(
  trx: Trx, company: string, carrierId: string, named: string[], account: ManifestingAccount | null,
): Promise<ClaimCheckRow[]> {
  let q = trx.selectFrom('consignments').select(['identifier', 'status', 'carrier_id', 'warehouse_id', 'manifest_id'])
    .where('company', '=', company).where('carrier_id', '=', carrierId)
    .where('status', 'in', ['Allocated', 'Printed']).where('manifest_id', 'is', null)
    .where(sql<boolean>`not (identifier = any(${named}::text[]))`);
  if (account) {
    q = q.where((eb) => (account.sole
      ? eb.or([eb('carrier_account', '=', account.id), eb('carrier_account', 'is', null)])
      : eb('carrier_account', '=', account.id)));
  }
  return q.orderBy('seq').forUpdate().execute();
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

/** The status history of a whole manifest's consignments in one statement, whatever their number. */
export async function recordStatuses(trx: Trx, company: string, changes: Array<{ identifier: string; status: string }>, reason: string): Promise<void> {
  if (changes.length === 0) return;
  await trx.insertInto('status_history').columns(['company', 'identifier', 'status', 'reason'])
    .expression(sql`select ${company}::text, i, s, ${reason}::text from unnest(${changes.map((c) => c.identifier)}::text[], ${changes.map((c) => c.status)}::text[]) as u(i, s)`)
    .execute();
}
