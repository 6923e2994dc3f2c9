import { EventType, type ManifestFailedData } from '@waybill/contracts';
import { newEnvelope, writeEvents } from '@waybill/messaging';
import type { ManifestDeps } from './manifest.deps';
import { failOverdue, markFailed, type FailedManifest } from './manifest.repository';

function failedEvent(m: FailedManifest, reason: string) {
  const data: ManifestFailedData = { manifest_id: m.id, reason, carrier_reference: m.carrier_reference };
  return newEnvelope(EventType.ManifestFailed, m.company, data);
}

/**
 * Fails a generating manifest for good (GET .../documents then answers 409 with `reason`) and announces
 * manifest.manifest.failed in the same transaction: the consignment service owns the consignments and
 * releases them when the carrier never took the manifest.
 */
export async function failManifest(deps: ManifestDeps, id: string, reason: string): Promise<void> {
  const failed = await deps.db.transaction().execute(async (trx) => {
    const m = await markFailed(trx, id, reason);
    if (m) await writeEvents(trx, [failedEvent(m, reason)]);
    return m;
  });
  if (failed) deps.afterCommit();
}

/** The sweeper's deadline: every manifest still generating since before `cutoff` fails, announced alike. */
export async function failOverdueManifests(deps: ManifestDeps, cutoff: Date, reason: string): Promise<string[]> {
  const failed = await deps.db.transaction().execute(async (trx) => {
    const rows = await failOverdue(trx, cutoff, reason);
    await writeEvents(trx, rows.map((m) => failedEvent(m, reason)));
    return rows;
  });
  if (failed.length) deps.afterCommit();
  return failed.map((m) => m.id);
}
