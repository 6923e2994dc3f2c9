import type { ConsignmentStatus } from './consignment.status';

/** What tracking says a consignment now is (tracking.consignment.progressed). */
export type TrackedStatus = 'Despatched' | 'Delivered' | 'Exception';

/** Booked with a carrier but not yet seen moving: where tracking takes a consignment from. */
const BEFORE_DESPATCH: ReadonlySet<ConsignmentStatus> = new Set(['Allocated', 'Printed', 'Manifested']);

const ENTERED_FROM: Record<TrackedStatus, ReadonlySet<ConsignmentStatus>> = {
  Despatched: new Set([...BEFORE_DESPATCH, 'Exception']),
  Exception: new Set([...BEFORE_DESPATCH, 'Despatched']),
  Delivered: new Set([...BEFORE_DESPATCH, 'Despatched', 'Exception']),
};

/**
 * The status a tracking progress moves a consignment to, or null to leave it. Order: Allocated, Printed,
 * Manifested < Despatched < Delivered (final). Exception is entered from any state before Delivered and
 * left by a later progress; a progress older (by carrier time) than the last one applied is stale, so
 * events arriving out of order never move a consignment backwards. Cancelled and Unallocated
 * consignments are not moved.
 */
export function trackedTransition(current: ConsignmentStatus, trackedAt: Date | null, status: TrackedStatus, at: Date): ConsignmentStatus | null {
  if (trackedAt && at.getTime() < trackedAt.getTime()) return null;
  return ENTERED_FROM[status].has(current) ? status : null;
}
