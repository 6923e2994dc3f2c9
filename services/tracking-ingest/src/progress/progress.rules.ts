import type { TrackingStatus } from '@waybill/carrier-model';

export type ProgressStatus = 'Despatched' | 'Delivered' | 'Exception';

export interface ParcelTimeline {
  /** The parcel's event with the latest carrier timestamp, whatever order the events arrived in. */
  latest: { status: TrackingStatus; at: Date } | null;
  /** Whether any of its events says the parcel has left the sender. */
  despatched: boolean;
}

const PROBLEMS: ReadonlySet<TrackingStatus> = new Set(['DELIVERY_FAILED', 'EXCEPTION', 'RETURNED']);
export const DESPATCHED_STATUSES: readonly TrackingStatus[] = ['IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED'];

/**
 * docs/api/tracking.md: Exception while any package's latest event is a problem; Delivered once every package
 * is delivered; Despatched once any package is on its way. Based on the latest event by carrier time, so
 * an older event arriving late changes nothing. `at` is the newest carrier time among the parcels.
 */
export function deriveProgress(parcels: ParcelTimeline[]): { status: ProgressStatus; at: Date } | null {
  const latest = parcels.map((p) => p.latest);
  const known = latest.filter((l): l is NonNullable<typeof l> => l !== null);
  if (known.length === 0) return null;
  const at = new Date(Math.max(...known.map((l) => l.at.getTime())));
  if (known.some((l) => PROBLEMS.has(l.status))) return { status: 'Exception', at };
  if (latest.every((l) => l?.status === 'DELIVERED')) return { status: 'Delivered', at };
  if (parcels.some((p) => p.despatched)) return { status: 'Despatched', at };
  return null;
}
