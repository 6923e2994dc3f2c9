import type { Insertable, Kysely } from 'kysely';
import type { CarrierLinkDb } from '../database';
import type { CarrierManifestRow, CarrierManifestsTable } from './manifest.table';

type Db = Kysely<CarrierLinkDb>;

export async function findManifest(db: Db, company: string, manifestId: string): Promise<CarrierManifestRow | undefined> {
  return db.selectFrom('carrier_manifests').selectAll().where('company', '=', company).where('manifest_id', '=', manifestId).executeTakeFirst();
}

/** The first answer stands: two replicas racing on one manifest keep the one stored first. */
export async function saveManifest(db: Db, row: Insertable<CarrierManifestsTable>): Promise<void> {
  await db.insertInto('carrier_manifests').values(row).onConflict((oc) => oc.columns(['company', 'manifest_id']).doNothing()).execute();
}
