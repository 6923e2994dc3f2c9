import type { Transaction } from 'kysely';
import type { TrackedCarriers } from '../carriers/tracked-carrier';
import type { TrackingDb } from '../database';
import type { TrackingDeps } from '../deps';
import { enqueuePod } from '../pod/pod.job';
import { findActiveParcels } from '../projection/projection.repository';
import { applyEvents, type AppliedEvents } from '../ingest/apply-events';
import type { NewTrackingEventRow } from '../ingest/tracking-event.table';
import { takeParked } from './parking.repository';

export interface ParkedApplied extends AppliedEvents {
  /** Parked events taken out (new ones and those the number already had). */
  taken: number;
}

const NONE: ParkedApplied = { fresh: [], pods: [], taken: 0 };

/**
 * Applies the events parked for numbers a consignment of this carrier now carries, oldest carrier time
 * first, exactly as a push arriving now would (same deduplication, never-backwards progress, webhooks).
 * The caller holds the numbers' locks (lockTrackingNumbers) and has written the parcels.
 */
export async function applyParked(trx: Transaction<TrackingDb>, registry: TrackedCarriers, carrierId: string, numbers: string[]): Promise<ParkedApplied> {
  const carrier = registry.find(carrierId);
  const parked = carrier ? await takeParked(trx, carrierId, numbers) : [];
  if (!carrier || parked.length === 0) return NONE;
  const parcels = await findActiveParcels(trx, carrierId, [...new Set(parked.map((e) => e.tracking_number))]);
  const rows: NewTrackingEventRow[] = parked.map((e) => ({
    carrier_id: e.carrier_id, tracking_number: e.tracking_number, dedup_code: e.dedup_code, occurred_at: e.occurred_at.toISOString(),
    status: e.status, carrier_code: e.carrier_code, description: e.description, location: e.location,
  }));
  return { ...await applyEvents(trx, carrier, parcels, rows), taken: parked.length };
}

/** Once the transaction that applied events committed: publish its outbox now and start proof-of-delivery retrieval. */
export async function afterApplied(deps: Pick<TrackingDeps, 'afterCommit' | 'jobs' | 'podRetry' | 'logger'>, outcome: AppliedEvents): Promise<void> {
  if (outcome.fresh.length) deps.afterCommit();
  for (const parcelId of outcome.pods) {
    // The request is committed: if enqueueing fails now, the sweeper enqueues it later.
    await enqueuePod(deps, parcelId).catch((err) => deps.logger.warn({ err, parcel_id: parcelId }, 'could not enqueue proof-of-delivery retrieval yet'));
  }
}

