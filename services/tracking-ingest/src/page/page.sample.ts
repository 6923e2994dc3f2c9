import type { TrackingStatus } from '@waybill/carrier-model';
import type { PageConsignment, PageEvent, PageStatus } from './page.view';

/** What a parcel goes through, in order; the sample stops at the status asked for. */
const JOURNEY: Array<[TrackingStatus, string, string | null, number]> = [
  ['INFO_RECEIVED', 'Shipment information received', null, -50],
  ['IN_TRANSIT', 'Collected from the sender', 'London DC', -30],
  ['IN_TRANSIT', 'Arrived at the sorting centre', 'Birmingham hub', -20],
  ['IN_TRANSIT', 'Departed the sorting centre', 'Birmingham hub', -18],
  ['OUT_FOR_DELIVERY', 'Out for delivery', 'Leeds depot', -3],
];
const ENDINGS: Partial<Record<PageStatus, [TrackingStatus, string, string | null]>> = {
  DELIVERED: ['DELIVERED', 'Delivered, signed for by ANNA', 'Leeds'],
  DELIVERY_FAILED: ['DELIVERY_FAILED', 'Nobody was in; a card was left', 'Leeds'],
  EXCEPTION: ['EXCEPTION', 'Delayed: address label damaged', 'Birmingham hub'],
  RETURNED: ['RETURNED', 'Returned to the sender at their request', 'Birmingham hub'],
};
const UP_TO: Record<PageStatus, number> = {
  LABEL_CREATED: 0, INFO_RECEIVED: 1, IN_TRANSIT: 4, OUT_FOR_DELIVERY: 5, DELIVERED: 5, DELIVERY_FAILED: 5, EXCEPTION: 3, RETURNED: 4,
};

/** A made-up parcel in the given state, for the console's preview of a company's page: nobody's real data. */
export function sampleParcel(company: string, status: PageStatus, now: Date): { consignment: PageConsignment; events: PageEvent[] } {
  const at = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
  const events: PageEvent[] = JOURNEY.slice(0, UP_TO[status]).map(([s, description, location, hours]) => ({
    trackingNumber: 'GC000123456789', status: s, description, location, occurredAt: at(hours),
  }));
  const ending = ENDINGS[status];
  if (ending) events.push({ trackingNumber: 'GC000123456789', status: ending[0], description: ending[1], location: ending[2], occurredAt: at(-1) });
  const tomorrow = at(24).toISOString().slice(0, 10);
  return {
    consignment: {
      company, carrierName: 'Generic Carrier', serviceName: 'Generic Next Day GNXT', expectedDeliveryDate: tomorrow, packageCount: 1,
      trackingNumbers: ['GC000123456789'], destination: { town: 'Leeds', district: 'LS1', country: 'GB', timeZone: 'Europe/London' },
    },
    events,
  };
}
