import { sql, type Kysely, type Transaction } from 'kysely';
import type { ManifestDb } from '../database';
import type { ManifestClaim } from '@waybill/contracts';
import type { ManifestRow, ManifestState } from './manifest.table';

type Db = Kysely<ManifestDb>;
const now = () => new Date().toISOString();

export interface NewManifest {
  id: string;
  company: string;
  carrierId: string;
  warehouseId: string;
  consignmentIds: string[];
  idempotencyKey: string | null;
  requestHash: string;
}

export async function insertClaiming(db: Db, m: NewManifest): Promise<void> {
  await db.insertInto('manifests').values({
    id: m.id, company: m.company, carrier_id: m.carrierId, warehouse_id: m.warehouseId,
    consignment_ids: JSON.stringify(m.consignmentIds), idempotency_key: m.idempotencyKey, request_hash: m.requestHash, state: 'claiming',
  }).execute();
}

/** Tenant-scoped: a manifest of another company is not found. The claim and PDF stay behind. */
export async function findState(db: Db, company: string, id: string) {
  return db.selectFrom('manifests').select(['id', 'state', 'failure_reason', 'request_hash'])
    .where('company', '=', company).where('id', '=', id).executeTakeFirst();
}

export async function findById(db: Db, id: string): Promise<ManifestRow | undefined> {
  return db.selectFrom('manifests').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markGenerating(db: Db, id: string, claim: ManifestClaim): Promise<boolean> {
  const r = await db.updateTable('manifests').set({ state: 'generating', claim: JSON.stringify(claim), updated_at: now() })
    .where('id', '=', id).where('state', '=', 'claiming').executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** A refused claim leaves no manifest behind (nothing was manifested). */
export async function deleteClaiming(db: Db, id: string): Promise<void> {
  await db.deleteFrom('manifests').where('id', '=', id).where('state', '=', 'claiming').execute();
}

/** Marks that a generation attempt started, so the sweeper leaves a busy manifest alone. */
export async function touch(db: Db, id: string): Promise<void> {
  await db.updateTable('manifests').set({ updated_at: now() }).where('id', '=', id).execute();
}

export async function saveCarrierReference(db: Db, id: string, reference: string): Promise<void> {
  await db.updateTable('manifests').set({ carrier_reference: reference, updated_at: now() })
    .where('id', '=', id).where('carrier_reference', 'is', null).execute();
}

export async function storeDocument(db: Db, id: string, pdf: Buffer, pages: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('manifest_documents').values({ manifest_id: id, pdf, pages }).onConflict((oc) => oc.column('manifest_id').doNothing()).execute();
    await trx.updateTable('manifests').set({ state: 'ready', updated_at: now() }).where('id', '=', id).where('state', '=', 'generating').execute();
  });
}

/** What announcing a failure needs of the manifest. */
export type FailedManifest = Pick<ManifestRow, 'id' | 'company' | 'carrier_reference'>;

/** Undefined when the manifest was not generating (already failed, ready, or unknown). */
export async function markFailed(trx: Transaction<ManifestDb>, id: string, reason: string): Promise<FailedManifest | undefined> {
  return trx.updateTable('manifests').set({ state: 'failed', failure_reason: reason, updated_at: now() })
    .where('id', '=', id).where('state', '=', 'generating')
    .returning(['id', 'company', 'carrier_reference']).executeTakeFirst();
}

export async function documentOf(db: Db, id: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('manifest_documents').select('pdf').where('manifest_id', '=', id).executeTakeFirst();
  return row && Buffer.from(row.pdf);
}

/**
 * Takes the claiming manifests nobody has touched since `cutoff`, pushing their timestamp forward so
 * that another replica's sweeper does not take the same ones at the same moment.
 */
export async function leaseStale(db: Db, state: ManifestState, cutoff: Date): Promise<ManifestRow[]> {
  return db.updateTable('manifests').set({ updated_at: now() })
    .where('state', '=', state).where('updated_at', '<', sql<Date>`${cutoff.toISOString()}::timestamptz`)
    .returningAll().execute();
}

export async function idsInState(db: Db, state: ManifestState): Promise<string[]> {
  return (await db.selectFrom('manifests').select('id').where('state', '=', state).execute()).map((r) => r.id);
}

/** Gives up on manifests created before `cutoff` that are still being generated. */
export async function failOverdue(trx: Transaction<ManifestDb>, cutoff: Date, reason: string): Promise<FailedManifest[]> {
  return trx.updateTable('manifests').set({ state: 'failed', failure_reason: reason, updated_at: now() })
    .where('state', '=', 'generating').where('created_at', '<', sql<Date>`${cutoff.toISOString()}::timestamptz`)
    .returning(['id', 'company', 'carrier_reference']).execute();
}
