import type { Carrier } from '@waybill/carriers';
import { EventType, type TrackingPushResult } from '@waybill/contracts';
import { newEnvelope, writeEvent } from '@waybill/messaging';
import type { TrackingDeps } from '../deps';
import { findActiveParcels, lockConsignments } from '../projection/projection.repository';
import { progressConsignments } from '../progress/progress.service';
import { enqueuePod } from '../pod/pod.job';
import { requestPods } from '../pod/pod.repository';
import type { ReadTracking } from './push.reader';
import { insertNewEvents } from './tracking-event.repository';
import type { NewTrackingEventRow } from './tracking-event.table';
import { buildTrackingUpdates } from './tracking-update.builder';

const unique = <T>(xs: T[]): T[] => [...new Set(xs)];

/**
 * Stores a push's events once each and, in the same transaction, publishes what they change: the
 * tracking updates per company, consignment progress, and proof-of-delivery requests for deliveries.
 * Tracking numbers of no known parcel are reported back and not stored.
 */
export async function ingestPush(deps: TrackingDeps, carrier: Carrier, trackings: ReadTracking[]): Promise<TrackingPushResult> {
  const numbers = unique(trackings.map((t) => t.trackingNumber));
  const parcels = await findActiveParcels(deps.db, carrier.identifier, numbers);
  const known = new Set(parcels.map((p) => p.tracking_number));
  const rows = new Map<string, NewTrackingEventRow>();
  let received = 0;
  for (const t of trackings.filter((x) => known.has(x.trackingNumber))) {
    for (const e of t.events) {
      received++;
      const row: NewTrackingEventRow = {
        carrier_id: carrier.identifier, tracking_number: t.trackingNumber, dedup_code: e.dedupCode, occurred_at: e.occurredAt.toISOString(),
        status: e.status, carrier_code: e.carrierCode, description: e.description, location: e.location,
      };
      rows.set(`${row.tracking_number}\u0000${row.dedup_code}\u0000${row.occurred_at}`, row);
    }
  }
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const fresh = await insertNewEvents(trx, [...rows.values()]);
    if (fresh.length === 0) return { fresh, pods: [] as number[] };
    const touchedNumbers = new Set(fresh.map((e) => e.tracking_number));
    const touched = parcels.filter((p) => touchedNumbers.has(p.tracking_number));
    const consignments = await lockConsignments(trx, unique(touched.map((p) => p.consignment_identifier)));
    const byId = new Map(consignments.map((c) => [c.identifier, c]));
    for (const [company, data] of buildTrackingUpdates(carrier, touched, byId, fresh)) {
      await writeEvent(trx, newEnvelope(EventType.TrackingUpdated, company, data));
    }
    await progressConsignments(trx, consignments);
    const deliveredNumbers = new Set(fresh.filter((e) => e.status === 'DELIVERED').map((e) => e.tracking_number));
    const pods = await requestPods(trx, touched.filter((p) => deliveredNumbers.has(p.tracking_number)));
    return { fresh, pods };
  });
  if (outcome.fresh.length) deps.afterCommit();
  for (const parcelId of outcome.pods) {
    // The request is committed: if enqueueing fails now, the sweeper enqueues it later.
    await enqueuePod(deps, parcelId).catch((err) => deps.logger.warn({ err, parcel_id: parcelId }, 'could not enqueue proof-of-delivery retrieval yet'));
  }
  return {
    accepted: outcome.fresh.length,
    duplicates: received - outcome.fresh.length,
    unknown: numbers.filter((n) => !known.has(n)),
  };
}
