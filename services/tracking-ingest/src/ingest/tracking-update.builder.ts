import type { TrackedCarrier } from '../carriers/tracked-carrier';
import type { TrackingUpdatedData } from '@waybill/contracts';
import type { ParcelRow, TrackedConsignmentRow } from '../projection/projection.table';
import { consignmentKey, parcelConsignment } from '../projection/projection.repository';
import type { TrackingEventRow } from './tracking-event.table';
import { cut } from './push.reader';

type UpdateEvent = TrackingUpdatedData['trackings'][number]['events'][number];

/** docs/api/webhooks.md shows event times as UTC without a zone designator and without fractions. */
export const webhookTime = (d: Date): string => d.toISOString().slice(0, 19);

function toUpdateEvent(e: TrackingEventRow): UpdateEvent {
  return {
    status: e.status as UpdateEvent['status'],
    timestamp: webhookTime(e.occurred_at),
    ...(e.description !== null ? { description: e.description } : {}),
    ...(e.carrier_code !== null ? { carrier_code: e.carrier_code } : {}),
    ...(e.location !== null ? { location: e.location } : {}),
  };
}

/**
 * The tracking.tracking.updated data of one push, one per company: each company sees only its own
 * parcels, each parcel with only the events stored for the first time, oldest first.
 */
export function buildTrackingUpdates(
  carrier: TrackedCarrier, parcels: ParcelRow[], consignments: Map<string, TrackedConsignmentRow>, fresh: TrackingEventRow[],
): Map<string, TrackingUpdatedData> {
  const byNumber = new Map<string, TrackingEventRow[]>();
  for (const e of fresh) byNumber.set(e.tracking_number, [...(byNumber.get(e.tracking_number) ?? []), e]);
  const updates = new Map<string, TrackingUpdatedData>();
  for (const p of parcels) {
    const events = byNumber.get(p.tracking_number);
    const c = consignments.get(consignmentKey(parcelConsignment(p)));
    if (!events || !c) continue;
    const sorted = [...events].sort((a, b) => a.occurred_at.getTime() - b.occurred_at.getTime() || a.id - b.id);
    const update = updates.get(p.company) ?? { carrier_slug: cut(carrier.identifier, 50)!, trackings: [] };
    update.trackings.push({
      tracking_number: p.tracking_number,
      consignment_identifier: c.identifier,
      consignment_number: cut(c.consignment_number ?? '', 255)!,
      order_number: c.order_number,
      id: p.id,
      carrier: cut(c.carrier_name ?? carrier.name, 50)!,
      events: sorted.map(toUpdateEvent),
    });
    updates.set(p.company, update);
  }
  return updates;
}
