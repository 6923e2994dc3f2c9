import { EventType, type ManifestFailedData } from '@waybill/contracts';
import { newEnvelope, writeEvents } from '@waybill/messaging';
import type { Transaction } from 'kysely';
import type { ManifestDb } from '../database';
import type { ManifestDeps } from './manifest.deps';
import { failOverdue, markFailed, type FailedManifest } from './manifest.repository';

/**
 * Marks manifests failed for good (GET .../documents then answers 409 with `reason`) and announces each
 * as manifest.manifest.failed in the same transaction: the consignment service owns the consignments and
 * releases them when the carrier never took the manifest.
 */
async function failAndAnnounce(
  deps: ManifestDeps, reason: string, mark: (trx: Transaction<ManifestDb>) => Promise<FailedManifest[]>,
): Promise<FailedManifest[]> {
  const failed = await deps.db.transaction().execute(async (trx) => {
    const rows = await mark(trx);
    await writeEvents(trx, rows.map((m) => {
      const data: ManifestFailedData = { manifest_id: m.id, reason, carrier_reference: m.carrier_reference };
      return newEnvelope(EventType.ManifestFailed, m.company, data);
    }));
    return rows;
  });
  if (failed.length > 0) deps.afterCommit();
  return failed;
}

/** One generating manifest fails (a job out of retries); nothing happens if it is no longer generating. */
export async function failManifest(deps: ManifestDeps, id: string, reason: string): Promise<void> {
  await failAndAnnounce(deps, reason, async (trx) => {
    const m = await markFailed(trx, id, reason);
    return m ? [m] : [];
  });
}

/** The sweeper's deadline: every manifest still generating since before `cutoff` fails, announced alike. */
export async function failOverdueManifests(deps: ManifestDeps, cutoff: Date, reason: string): Promise<string[]> {
  return (await failAndAnnounce(deps, reason, (trx) => failOverdue(trx, cutoff, reason))).map((m) => m.id);
}
