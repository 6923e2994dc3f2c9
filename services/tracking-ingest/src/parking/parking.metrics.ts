import type { Kysely } from 'kysely';
import { processCounter, registerGaugeSource } from '@waybill/telemetry';
import type { TrackingDb } from '../database';
import { parkedCounts } from './parking.repository';

const SERVICE = 'tracking-ingest';

/** Events taken out of parking and applied to the consignment that got their number (this process). */
const appliedFromParking = processCounter('waybill_tracking_parked_applied_total', 'Parked carrier events applied once a consignment got their tracking number', ['service']);
/** Events dropped after 30 days without a consignment for their number (this process's sweeps). */
const expiredFromParking = processCounter('waybill_tracking_parked_expired_total', 'Parked carrier events dropped unmatched after 30 days', ['service']);

export const countApplied = (n: number): void => { if (n > 0) appliedFromParking.inc({ service: SERVICE }, n); };
export const countExpired = (n: number): void => { if (n > 0) expiredFromParking.inc({ service: SERVICE }, n); };

/** What waits in parking, read from the database at scrape time (one query for both gauges). */
export function registerParkingGauges(db: Kysely<TrackingDb>): () => void {
  let last: Promise<{ events: number; numbers: number }> | undefined;
  const read = () => {
    last ??= parkedCounts(db).finally(() => { setImmediate(() => { last = undefined; }); });
    return last;
  };
  const offEvents = registerGaugeSource('waybill_tracking_parked_events', 'Carrier events waiting for a consignment to get their tracking number', ['service'],
    async () => [{ labels: { service: SERVICE }, value: (await read()).events }]);
  const offNumbers = registerGaugeSource('waybill_tracking_parked_numbers', 'Tracking numbers with parked events (carrier and number)', ['service'],
    async () => [{ labels: { service: SERVICE }, value: (await read()).numbers }]);
  return () => { offEvents(); offNumbers(); };
}
