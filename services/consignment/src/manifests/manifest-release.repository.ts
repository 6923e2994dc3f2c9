import { sql, type Transaction } from 'kysely';
import type { ConsignmentDb } from '../database';
import type { ConsignmentStatus } from '../consignments/consignment.status';
import type { ConsignmentRow } from '../consignments/consignment.table';

type Trx = Transaction<ConsignmentDb>;

/**
 * Gives a failed manifest's consignments back: each returns to the status it had before the manifest
 * took it (Allocated, or Printed once its labels were fetched; its last such entry in the status history)
 * and leaves the manifest. Only those still Manifested move: one the carrier has since progressed stays.
 * Rows are locked in `seq` order first, as a claim locks them, so the two never deadlock.
 */
export async function releaseManifested(trx: Trx, company: string, manifestId: string): Promise<ConsignmentRow[]> {
  const locked = await trx.selectFrom('consignments').select('seq')
    .where('company', '=', company).where('manifest_id', '=', manifestId).where('status', '=', 'Manifested')
    .orderBy('seq').forUpdate().execute();
  if (locked.length === 0) return [];
  return trx.updateTable('consignments as c')
    .set((eb) => ({
      status: sql<ConsignmentStatus>`coalesce((${eb.selectFrom('status_history as h').select('h.status')
        .whereRef('h.company', '=', 'c.company').whereRef('h.identifier', '=', 'c.identifier').where('h.status', 'in', ['Allocated', 'Printed'])
        .orderBy('h.id', 'desc').limit(1)}), 'Allocated')`,
      manifest_id: null, version: sql`c.version + 1`, updated_at: new Date().toISOString(),
    }))
    .where('c.company', '=', company).where('c.manifest_id', '=', manifestId).where('c.status', '=', 'Manifested')
    .where(sql<boolean>`c.seq = any(${locked.map((r) => r.seq)}::bigint[])`)
    .returningAll()
    .execute();
}
