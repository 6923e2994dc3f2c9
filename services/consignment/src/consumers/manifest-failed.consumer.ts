import { EventType, type ManifestFailedData } from '@waybill/contracts';
import { idempotent, type EventEnvelope, type Subscription } from '@waybill/messaging';
import { releaseFailedManifest } from '../manifests/manifest-release.service';
import type { ConsumerDeps } from './index';

const CONSUMER = 'consignment.manifest-failed';

/** manifest.manifest.failed: the consignments of a manifest the carrier never took are released. */
export function startManifestFailedConsumer(deps: ConsumerDeps): Promise<Subscription> {
  return deps.bus.subscribe({
    queue: CONSUMER,
    bindings: [EventType.ManifestFailed],
    handler: async (event: EventEnvelope) => {
      const failed = event.data as Partial<ManifestFailedData> | null;
      if (typeof failed?.manifest_id !== 'string' || failed.carrier_reference === undefined) return;
      // Read before the transaction opens: the embedded database has one connection.
      const ctx = await deps.companies.get(event.company);
      let released = 0;
      await idempotent(deps.database, CONSUMER, async (trx) => {
        released = await releaseFailedManifest(trx, ctx, event.company, failed as ManifestFailedData);
      })(event);
      if (released === 0) return;
      deps.logger.info({ manifest_id: failed.manifest_id, released }, 'consignments of a failed manifest released');
      deps.afterCommit();
    },
  });
}
