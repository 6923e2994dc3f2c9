import type { Transaction } from 'kysely';
import type { TrackedCarrier } from '../carriers/tracked-carrier';
import { EventType } from '@waybill/contracts';
import { newEnvelope, writeEvent } from '@waybill/messaging';
import type { TrackingDb } from '../database';
import { consignmentKey, lockConsignments, parcelConsignment } from '../projection/projection.repository';
import type { ParcelRow } from '../projection/projection.table';
import { progressConsignments } from '../progress/progress.service';
import { requestPods } from '../pod/pod.repository';
import { insertNewEvents } from './tracking-event.repository';
import type { NewTrackingEventRow, TrackingEventRow } from './tracking-event.table';
import { buildTrackingUpdates } from './tracking-update.builder';

export interface AppliedEvents {
  /** The events stored for the first time (the others were duplicates). */
  fresh: TrackingEventRow[];
  /** Parcels whose proof of delivery is now requested: enqueue their jobs once the transaction commits. */
  pods: number[];
}

/** The identity of an event: carrier (implied), tracking number, code and carrier time. */
export const eventKey = (r: { tracking_number: string; dedup_code: string; occurred_at: string }) => `${r.tracking_number}\u0000${r.dedup_code}\u0000${r.occurred_at}`;

/**
 * Stores events of known parcels once each and, in the same transaction, publishes what they change:
 * the tracking updates per company, consignment progress, and proof-of-delivery requests for deliveries.
 * One path for every event, whether a push brought it or it waited in parking for its consignment.
 */
export async function applyEvents(trx: Transaction<TrackingDb>, carrier: TrackedCarrier, parcels: ParcelRow[], rows: NewTrackingEventRow[]): Promise<AppliedEvents> {
  const fresh = await insertNewEvents(trx, rows);
  if (fresh.length === 0) return { fresh, pods: [] };
  const touchedNumbers = new Set(fresh.map((e) => e.tracking_number));
  const touched = parcels.filter((p) => touchedNumbers.has(p.tracking_number));
  const consignments = await lockConsignments(trx, touched.map(parcelConsignment));
  const byId = new Map(consignments.map((c) => [consignmentKey(c), c]));
  for (const [company, data] of buildTrackingUpdates(carrier, touched, byId, fresh)) {
    await writeEvent(trx, newEnvelope(EventType.TrackingUpdated, company, data));
  }
  await progressConsignments(trx, consignments);
  const deliveredNumbers = new Set(fresh.filter((e) => e.status === 'DELIVERED').map((e) => e.tracking_number));
  const pods = await requestPods(trx, touched.filter((p) => deliveredNumbers.has(p.tracking_number)));
  return { fresh, pods };
}
