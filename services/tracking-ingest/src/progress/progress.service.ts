import type { Transaction } from 'kysely';
import { EventType, type TrackingConsignmentProgressedData } from '@waybill/contracts';
import { newEnvelope, writeEvent } from '@waybill/messaging';
import type { TrackingDb } from '../database';
import { activeParcelsOf, consignmentKey, parcelConsignment } from '../projection/projection.repository';
import type { TrackedConsignmentRow } from '../projection/projection.table';
import { timelines } from '../ingest/tracking-event.repository';
import { DESPATCHED_STATUSES, deriveProgress, type ParcelTimeline } from './progress.rules';

/**
 * Re-derives the status of consignments whose parcels got new events and, where it changed, tells the
 * consignment service (tracking.consignment.progressed, through the outbox of the same transaction).
 * The caller has locked the consignments (lockConsignments), so concurrent pushes for one consignment
 * take turns and the second sees the first one's events.
 */
export async function progressConsignments(trx: Transaction<TrackingDb>, consignments: TrackedConsignmentRow[]): Promise<number> {
  const parcels = await activeParcelsOf(trx, consignments);
  const byParcel = new Map<number, ParcelTimeline>();
  for (const carrierId of new Set(parcels.map((p) => p.carrier_id))) {
    const own = parcels.filter((p) => p.carrier_id === carrierId);
    const found = await timelines(trx, carrierId, [...new Set(own.map((p) => p.tracking_number))], DESPATCHED_STATUSES);
    for (const p of own) {
      const t = found.get(p.tracking_number);
      byParcel.set(p.id, { latest: t?.latest ?? null, despatched: t?.reached ?? false });
    }
  }
  let published = 0;
  for (const c of consignments) {
    const progress = deriveProgress(parcels.filter((p) => consignmentKey(parcelConsignment(p)) === consignmentKey(c)).map((p) => byParcel.get(p.id)!));
    if (!progress || progress.status === c.progress_status) continue;
    await trx.updateTable('tracked_consignments')
      .set({ progress_status: progress.status, progress_at: progress.at.toISOString() })
      .where('company', '=', c.company).where('identifier', '=', c.identifier).execute();
    const data: TrackingConsignmentProgressedData = { consignment_identifier: c.identifier, status: progress.status, occurred_at: progress.at.toISOString() };
    await writeEvent(trx, newEnvelope(EventType.TrackingConsignmentProgressed, c.company, data));
    published++;
  }
  return published;
}
