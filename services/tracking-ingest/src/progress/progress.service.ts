import type { Transaction } from 'kysely';
import { EventType, type TrackingConsignmentProgressedData } from '@waybill/contracts';
import { newEnvelope, writeEvent } from '@waybill/messaging';
import type { TrackingDb } from '../database';
import { activeParcelsOf, lockConsignments } from '../projection/projection.repository';
import { latestEvents, numbersWithStatus } from '../ingest/tracking-event.repository';
import { DESPATCHED_STATUSES, deriveProgress, type ParcelTimeline } from './progress.rules';

/**
 * Re-derives the status of consignments whose parcels got new events and, where it changed, tells the
 * consignment service (tracking.consignment.progressed, through the outbox of the same transaction).
 * The consignments are locked first, so concurrent pushes for one consignment take turns and the second
 * sees the first one's events.
 */
export async function progressConsignments(trx: Transaction<TrackingDb>, identifiers: string[]): Promise<number> {
  const consignments = await lockConsignments(trx, identifiers);
  const parcels = await activeParcelsOf(trx, identifiers);
  const timelines = new Map<number, ParcelTimeline>();
  for (const carrierId of new Set(parcels.map((p) => p.carrier_id))) {
    const numbers = [...new Set(parcels.filter((p) => p.carrier_id === carrierId).map((p) => p.tracking_number))];
    const [latest, despatched] = await Promise.all([
      latestEvents(trx, carrierId, numbers), numbersWithStatus(trx, carrierId, numbers, DESPATCHED_STATUSES),
    ]);
    for (const p of parcels.filter((x) => x.carrier_id === carrierId)) {
      timelines.set(p.id, { latest: latest.get(p.tracking_number) ?? null, despatched: despatched.has(p.tracking_number) });
    }
  }
  let published = 0;
  for (const c of consignments) {
    const progress = deriveProgress(parcels.filter((p) => p.consignment_identifier === c.identifier).map((p) => timelines.get(p.id)!));
    if (!progress || progress.status === c.progress_status) continue;
    await trx.updateTable('tracked_consignments')
      .set({ progress_status: progress.status, progress_at: progress.at.toISOString() })
      .where('identifier', '=', c.identifier).execute();
    const data: TrackingConsignmentProgressedData = { consignment_identifier: c.identifier, status: progress.status, occurred_at: progress.at.toISOString() };
    await writeEvent(trx, newEnvelope(EventType.TrackingConsignmentProgressed, c.company, data));
    published++;
  }
  return published;
}
