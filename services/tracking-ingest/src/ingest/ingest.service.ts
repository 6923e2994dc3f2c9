import type { TrackedCarrier } from '../carriers/tracked-carrier';
import type { TrackingPushResult } from '@waybill/contracts';
import type { TrackingDeps } from '../deps';
import { findActiveParcels } from '../projection/projection.repository';
import { lockTrackingNumbers, parkEvents } from '../parking/parking.repository';
import { afterApplied } from '../parking/parking.service';
import type { ReadTracking } from './push.reader';
import type { NewTrackingEventRow } from './tracking-event.table';
import { applyEvents, eventKey } from './apply-events';

const unique = <T>(xs: T[]): T[] => [...new Set(xs)];

/** The push's events as rows, once per identity, for the numbers `wanted` says. */
function rowsOf(carrier: TrackedCarrier, trackings: ReadTracking[], wanted: (n: string) => boolean): NewTrackingEventRow[] {
  const rows = new Map<string, NewTrackingEventRow>();
  for (const t of trackings.filter((x) => wanted(x.trackingNumber))) {
    for (const e of t.events) {
      const row: NewTrackingEventRow = {
        carrier_id: carrier.identifier, tracking_number: t.trackingNumber, dedup_code: e.dedupCode, occurred_at: e.occurredAt.toISOString(),
        status: e.status, carrier_code: e.carrierCode, description: e.description, location: e.location,
      };
      rows.set(eventKey(row), row);
    }
  }
  return [...rows.values()];
}

/**
 * Stores a push's events once each and applies those of known parcels (applyEvents). Events of a number
 * no consignment of the carrier carries yet are parked, to be applied when one gets it (docs/api/tracking.md):
 * the number is locked first, so an allocation committing meanwhile either is seen here (and its
 * parcel gets the events now) or sees the parked events when it takes the lock after us.
 */
export async function ingestPush(deps: TrackingDeps, carrier: TrackedCarrier, trackings: ReadTracking[]): Promise<TrackingPushResult> {
  const numbers = unique(trackings.map((t) => t.trackingNumber));
  const received = trackings.reduce((n, t) => n + t.events.length, 0);
  const parcels = await findActiveParcels(deps.db, carrier.identifier, numbers);
  const known = new Set(parcels.map((p) => p.tracking_number));
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const unknown = numbers.filter((n) => !known.has(n));
    const all = [...parcels];
    let parked = 0;
    if (unknown.length) {
      await lockTrackingNumbers(trx, carrier.identifier, unknown);
      const arrived = await findActiveParcels(trx, carrier.identifier, unknown);
      for (const p of arrived) known.add(p.tracking_number);
      all.push(...arrived);
      parked = await parkEvents(trx, rowsOf(carrier, trackings, (n) => !known.has(n)), deps.now());
    }
    const applied = await applyEvents(trx, carrier, all, rowsOf(carrier, trackings, (n) => known.has(n)));
    return { ...applied, parked };
  });
  await afterApplied(deps, outcome);
  const accepted = outcome.fresh.length + outcome.parked;
  return { accepted, duplicates: received - accepted, unknown: numbers.filter((n) => !known.has(n)) };
}
