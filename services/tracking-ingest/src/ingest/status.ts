import { TRACKING_STATUSES, type TrackingStatus } from '@waybill/carrier-model';
import type { TrackedCarrier } from '../carriers/tracked-carrier';

const squash = (s: string) => s.replace(/[\s_-]+/g, '').toUpperCase();
const BY_SQUASHED = new Map(TRACKING_STATUSES.map((s) => [squash(s), s]));

/** `In Transit`, `in_transit` and `IN-TRANSIT` are all IN_TRANSIT: case, spaces and underscores do not count. */
export function normaliseStatus(value: string): TrackingStatus | undefined {
  return BY_SQUASHED.get(squash(value));
}

/** The status a carrier code stands for in the carrier's own table (exact code first, then case-insensitive). */
export function statusOfCode(carrier: Pick<TrackedCarrier, 'trackingCodes'>, code: string): TrackingStatus | undefined {
  const table = carrier.trackingCodes;
  if (Object.hasOwn(table, code)) return table[code];
  const upper = code.toUpperCase();
  const key = Object.keys(table).find((k) => k.toUpperCase() === upper);
  return key === undefined ? undefined : table[key];
}
