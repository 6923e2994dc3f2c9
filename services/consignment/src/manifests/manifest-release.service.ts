import type { Transaction } from 'kysely';
import type { ManifestFailedData } from '@waybill/contracts';
import type { ConsignmentDb } from '../database';
import type { CompanyContext } from '../companies/company.context';
import { ConsignmentEvents, recordEvents } from '../consignments/consignment.events';
import { toApi } from '../consignments/consignment.mapper';
import { recordStatuses } from './manifest-claim.repository';
import { releaseManifested } from './manifest-release.repository';

/**
 * A manifest failed for good. When the carrier never accepted it, its consignments are not with the
 * carrier: they go back to Allocated or Printed (each announced as status_changed), and can be changed,
 * cancelled or manifested again. When the carrier did accept it (only its document failed) they stay
 * Manifested, as the carrier will collect them. Returns how many were released; a second delivery of the
 * same event finds none left to release.
 */
export async function releaseFailedManifest(
  trx: Transaction<ConsignmentDb>, ctx: CompanyContext, company: string, failed: ManifestFailedData,
): Promise<number> {
  if (failed.carrier_reference !== null) return 0;
  const released = await releaseManifested(trx, company, failed.manifest_id);
  await recordStatuses(trx, company, released, `manifest ${failed.manifest_id} failed: ${failed.reason}`);
  await recordEvents(trx, company, released.map((row) => ({
    type: ConsignmentEvents.statusChanged,
    data: { consignment: toApi(row, ctx.names, ctx.settings.extraCustomFields), from: 'Manifested', to: row.status },
  })));
  return released.length;
}
