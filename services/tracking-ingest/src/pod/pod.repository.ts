import type { Insertable, Kysely, Transaction } from 'kysely';
import type { TrackingDb } from '../database';
import type { ParcelRow } from '../projection/projection.table';
import type { PodDocumentRow, PodDocumentsTable } from './pod.table';

type Db = Kysely<TrackingDb> | Transaction<TrackingDb>;

/** Records that these delivered parcels need proof of delivery; returns the ids not requested before. */
export async function requestPods(trx: Transaction<TrackingDb>, parcels: ParcelRow[]): Promise<number[]> {
  if (parcels.length === 0) return [];
  const rows = await trx.insertInto('pod_requests').values(parcels.map((p) => ({ parcel_id: p.id, company: p.company })))
    .onConflict((oc) => oc.column('parcel_id').doNothing()).returning('parcel_id').execute();
  return rows.map((r) => r.parcel_id);
}

/** Requests still waiting, untouched for `idleMs` (their job may have been lost with a crash). */
export async function stalePodRequests(db: Db, before: Date, limit = 500): Promise<number[]> {
  const rows = await db.selectFrom('pod_requests').select('parcel_id')
    .where('state', '=', 'pending').where('updated_at', '<', before).orderBy('updated_at').limit(limit).execute();
  return rows.map((r) => r.parcel_id);
}

/** Moves a pending request to its outcome; false when it was no longer pending (another worker finished it). */
export async function settlePodRequest(db: Db, parcelId: number, state: 'done' | 'none' | 'failed', error: string | null): Promise<boolean> {
  const row = await db.updateTable('pod_requests').set({ state, last_error: error, updated_at: new Date().toISOString() })
    .where('parcel_id', '=', parcelId).where('state', '=', 'pending').returning('parcel_id').executeTakeFirst();
  return row !== undefined;
}

/** A pending request with what its document event needs to say about the parcel and its consignment. */
export async function findPendingPod(db: Db, parcelId: number) {
  return db.selectFrom('pod_requests as r')
    .innerJoin('parcels as p', 'p.id', 'r.parcel_id')
    .innerJoin('tracked_consignments as c', (j) => j.onRef('c.identifier', '=', 'p.consignment_identifier').onRef('c.company', '=', 'p.company'))
    .select([
      'p.id', 'p.company', 'p.carrier_id', 'p.tracking_number', 'p.package_reference', 'p.consignment_identifier',
      'c.order_number', 'c.carrier_name', 'c.service_id', 'c.consignment_number',
    ])
    .where('r.parcel_id', '=', parcelId).where('r.state', '=', 'pending')
    .executeTakeFirst();
}

export async function insertPodDocuments(trx: Transaction<TrackingDb>, rows: Insertable<PodDocumentsTable>[]): Promise<void> {
  await trx.insertInto('pod_documents').values(rows).execute();
}

export async function findPodDocument(db: Db, id: string): Promise<PodDocumentRow | undefined> {
  return db.selectFrom('pod_documents').selectAll().where('id', '=', id).executeTakeFirst();
}
