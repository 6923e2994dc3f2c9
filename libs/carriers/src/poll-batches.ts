import { processCounter } from '@waybill/telemetry';
import type { Carrier } from '@waybill/carrier-model';
import type { PushedTracking } from '@waybill/carrier-model';

/** One open tracking number that is due, with what its booking stored for the carrier. */
export interface DueNumber {
  trackingNumber: string;
  carrierReference?: string | null;
}

export interface PollRound {
  trackings: PushedTracking[];
  /** Numbers whose batch failed (carrier down, refused): the poller tries them again later. */
  failed: string[];
  /** Carrier calls made (batches sent). */
  calls: number;
}

const polled = processCounter('waybill_carrier_tracking_polled_total', 'Tracking numbers polled at carriers that do not push, by carrier', ['carrier']);
const found = processCounter('waybill_carrier_tracking_poll_events_total', 'Tracking events found by polling, by carrier', ['carrier']);
const errors = processCounter('waybill_carrier_tracking_poll_errors_total', 'Polling calls that failed (the numbers are polled again later), by carrier', ['carrier']);

/**
 * Polls one account's due numbers at its carrier in as few calls as the carrier allows: batches of the
 * carrier's `pollBatchSize` (one at a time when it states none), one after another so the account's
 * pacing holds. A failed batch does not stop the others; its numbers are reported for a later try.
 */
export async function pollInBatches(carrier: Carrier, due: readonly DueNumber[]): Promise<PollRound> {
  const round: PollRound = { trackings: [], failed: [], calls: 0 };
  if (!carrier.pollTracking || due.length === 0) return round;
  const size = Math.max(1, carrier.pollBatchSize ?? 1);
  const unique = [...new Map(due.map((d) => [d.trackingNumber, d])).values()];
  for (let i = 0; i < unique.length; i += size) {
    const batch = unique.slice(i, i + size);
    const refs = Object.fromEntries(batch.map((d) => [d.trackingNumber, d.carrierReference ?? null]));
    round.calls += 1;
    polled.inc({ carrier: carrier.identifier }, batch.length);
    try {
      const trackings = await carrier.pollTracking(batch.map((d) => d.trackingNumber), refs);
      round.trackings.push(...trackings);
      found.inc({ carrier: carrier.identifier }, trackings.reduce((n, t) => n + t.events.length, 0));
    } catch {
      errors.inc({ carrier: carrier.identifier });
      round.failed.push(...batch.map((d) => d.trackingNumber));
    }
  }
  return round;
}

/** Carrier calls an hour to poll `open` numbers every `intervalMs` in batches of `batchSize`. */
export function pollCallsPerHour(open: number, batchSize: number, intervalMs: number): number {
  return Math.ceil(open / Math.max(1, batchSize)) * (3_600_000 / intervalMs);
}
