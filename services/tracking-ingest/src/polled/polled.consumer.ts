import { EventType, type CarrierTrackingPolledData } from '@waybill/contracts';
import { InvalidError } from '@waybill/http';
import type { EventEnvelope, Subscription } from '@waybill/messaging';
import type { TrackingDeps } from '../deps';
import { ingestPush } from '../ingest/ingest.service';
import { readPush, type ReadTracking } from '../ingest/push.reader';
import { countPolled } from './polled.metrics';

export const POLLED_QUEUE = 'tracking-ingest.carrier-polls';

/**
 * Events carrier-link found by polling carriers that do not push (carrier_link.tracking.polled, sent
 * through its outbox) enter the same pipeline as a push: read and checked by the carrier's table,
 * stored once each, never moving a consignment backwards, webhooks and the tracking page. Idempotent
 * by the events' own identities (carrier, number, code, time): a redelivered message finds every event
 * already stored and changes nothing. A number whose events cannot be read is skipped and logged; the
 * others go through.
 */
export function startPolledConsumer(deps: TrackingDeps): Promise<Subscription> {
  return deps.bus.subscribe({
    queue: POLLED_QUEUE,
    bindings: [EventType.CarrierTrackingPolled],
    handler: async (event: EventEnvelope) => {
      const data = event.data as CarrierTrackingPolledData;
      const carrier = deps.registry.find(data.carrier);
      if (!carrier || carrier.identifier !== data.carrier) {
        deps.logger.warn({ carrier: data.carrier, event: event.id }, 'polled tracking of a carrier this deployment does not know; dropped');
        return;
      }
      const read: ReadTracking[] = [];
      for (const tracking of data.trackings) {
        try {
          read.push(...readPush(carrier, { trackings: [tracking] }, deps.now()));
        } catch (err) {
          if (!(err instanceof InvalidError)) throw err;
          deps.logger.warn({ carrier: carrier.identifier, event: event.id, errors: err.errors }, 'polled tracking events unreadable; skipped');
        }
      }
      if (!read.length) return;
      const result = await ingestPush(deps, carrier, read);
      countPolled(carrier.identifier, result.accepted, result.duplicates);
    },
  });
}
