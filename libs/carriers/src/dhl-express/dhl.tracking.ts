import type { PushedTracking, PushedTrackingEvent, TrackingStatus } from '@waybill/carrier-model';
import type { DhlTrackedShipment, DhlTrackingEvent } from './dhl.types';

/**
 * DHL Express checkpoint (event type) codes as Waybill statuses: the table docs/carriers/dhl-express.md
 * prints. Codes not listed are in transit.
 */
export const DHL_EVENT_TABLE: readonly { code: string; status: TrackingStatus; meaning: string }[] = [
  { code: 'SA', status: 'INFO_RECEIVED', meaning: 'Shipment information received' },
  { code: 'PU', status: 'IN_TRANSIT', meaning: 'Picked up' },
  { code: 'PL', status: 'IN_TRANSIT', meaning: 'Processed at a DHL facility' },
  { code: 'DF', status: 'IN_TRANSIT', meaning: 'Departed a DHL facility' },
  { code: 'AF', status: 'IN_TRANSIT', meaning: 'Arrived at a DHL facility' },
  { code: 'AR', status: 'IN_TRANSIT', meaning: 'Arrived at the delivery facility' },
  { code: 'TR', status: 'IN_TRANSIT', meaning: 'Transferred through' },
  { code: 'SM', status: 'IN_TRANSIT', meaning: 'Scheduled for movement' },
  { code: 'IC', status: 'IN_TRANSIT', meaning: 'In clearance processing' },
  { code: 'CR', status: 'IN_TRANSIT', meaning: 'Clearance event' },
  { code: 'RR', status: 'IN_TRANSIT', meaning: 'Customs status updated' },
  { code: 'WC', status: 'OUT_FOR_DELIVERY', meaning: 'With delivery courier' },
  { code: 'NH', status: 'DELIVERY_FAILED', meaning: 'Delivery attempted: consignee not home' },
  { code: 'CA', status: 'DELIVERY_FAILED', meaning: 'Delivery attempted: closed on arrival' },
  { code: 'CM', status: 'DELIVERY_FAILED', meaning: 'Consignee moved' },
  { code: 'RD', status: 'DELIVERY_FAILED', meaning: 'Delivery refused' },
  { code: 'CC', status: 'DELIVERY_FAILED', meaning: 'Awaiting collection by the consignee' },
  { code: 'BA', status: 'EXCEPTION', meaning: 'Bad or incomplete address' },
  { code: 'CD', status: 'EXCEPTION', meaning: 'Clearance delay' },
  { code: 'OH', status: 'EXCEPTION', meaning: 'On hold' },
  { code: 'HP', status: 'EXCEPTION', meaning: 'Held for payment' },
  { code: 'MS', status: 'EXCEPTION', meaning: 'Mis-sorted' },
  { code: 'SS', status: 'EXCEPTION', meaning: 'Shipment stopped' },
  { code: 'PD', status: 'EXCEPTION', meaning: 'Partial delivery' },
  { code: 'RT', status: 'RETURNED', meaning: 'Returned to the shipper' },
  { code: 'OK', status: 'DELIVERED', meaning: 'Delivered' },
  { code: 'DD', status: 'DELIVERED', meaning: 'Delivered (damaged)' },
];

export const DHL_TRACKING_CODES: Readonly<Record<string, TrackingStatus>> = Object.fromEntries(DHL_EVENT_TABLE.map((r) => [r.code, r.status]));

export const dhlStatus = (code: string | undefined): TrackingStatus => DHL_TRACKING_CODES[code?.trim().toUpperCase() ?? ''] ?? 'IN_TRANSIT';

function eventOf(e: DhlTrackingEvent): PushedTrackingEvent | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(e.date ?? '') || !/^\d{2}:\d{2}(:\d{2})?$/.test(e.time ?? '')) return null;
  const offset = /^[+-]\d{2}:\d{2}$/.test(e.GMTOffset ?? '') ? e.GMTOffset! : '';
  const time = e.time.length === 5 ? `${e.time}:00` : e.time;
  return {
    carrier_code: e.typeCode ?? null, status: dhlStatus(e.typeCode), description: e.description ?? null,
    timestamp: `${e.date}T${time}${offset}`, location: e.serviceArea?.[0]?.description ?? null,
  };
}

const events = (list: DhlTrackingEvent[] | undefined) =>
  (list ?? []).map(eventOf).filter((e): e is PushedTrackingEvent => !!e).sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));

/** DHL's tracked shipments as generic trackings: the shipment's number and each piece asked for. */
export function trackingsOf(shipments: DhlTrackedShipment[], asked: Set<string>): PushedTracking[] {
  const out: PushedTracking[] = [];
  for (const s of shipments) {
    const shipmentEvents = events(s.events);
    if (asked.has(s.shipmentTrackingNumber)) out.push({ tracking_number: s.shipmentTrackingNumber, events: shipmentEvents });
    for (const piece of s.pieces ?? []) {
      if (!piece.trackingNumber || !asked.has(piece.trackingNumber)) continue;
      const own = events(piece.events);
      out.push({ tracking_number: piece.trackingNumber, events: own.length ? own : shipmentEvents });
    }
  }
  return out;
}
