import { processCounter } from '@waybill/telemetry';

/** Events carrier-link found by polling, as this service took them in (this process): new, or already held. */
const polledEvents = processCounter('waybill_tracking_polled_events_total', 'Polled carrier events taken in by tracking-ingest, new or duplicate', ['carrier', 'outcome']);

export function countPolled(carrier: string, accepted: number, duplicates: number): void {
  if (accepted > 0) polledEvents.inc({ carrier, outcome: 'accepted' }, accepted);
  if (duplicates > 0) polledEvents.inc({ carrier, outcome: 'duplicate' }, duplicates);
}
