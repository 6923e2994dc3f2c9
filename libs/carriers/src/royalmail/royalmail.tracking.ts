import type { PushedTracking, PushedTrackingEvent, TrackingStatus } from '@waybill/carrier-model';
import type { RmMailPieceSummary, RmOrderInfo } from './royalmail.types';

/**
 * Royal Mail tracking event codes (Tracking API v2 `lastEventCode`) as Waybill statuses: the table
 * docs/carriers/royalmail.md prints. Codes not listed fall back on the mail piece's `statusCategory`.
 */
export const RM_EVENT_TABLE: readonly { code: string; status: TrackingStatus; meaning: string }[] = [
  { code: 'EVAIE', status: 'INFO_RECEIVED', meaning: 'Sender preparing item' },
  { code: 'EVAIP', status: 'INFO_RECEIVED', meaning: 'Sender despatching item' },
  { code: 'EVPPA', status: 'IN_TRANSIT', meaning: 'Accepted at a Post Office or parcel shop' },
  { code: 'EVDAV', status: 'IN_TRANSIT', meaning: 'Item received' },
  { code: 'EVDAC', status: 'IN_TRANSIT', meaning: 'Item received' },
  { code: 'EVIMC', status: 'IN_TRANSIT', meaning: 'Item received' },
  { code: 'EVOCO', status: 'IN_TRANSIT', meaning: 'Received, being processed for delivery' },
  { code: 'EVOAC', status: 'IN_TRANSIT', meaning: 'Item received at a mail centre' },
  { code: 'EVORI', status: 'IN_TRANSIT', meaning: 'Arrived at a delivery office' },
  { code: 'EVODO', status: 'IN_TRANSIT', meaning: 'Despatched to a delivery office or mail centre' },
  { code: 'RSRXS', status: 'IN_TRANSIT', meaning: 'Delivery request received' },
  { code: 'EVGPD', status: 'OUT_FOR_DELIVERY', meaning: 'Due to be delivered today' },
  { code: 'EVKNA', status: 'DELIVERY_FAILED', meaning: 'Delivery attempted: no answer' },
  { code: 'EVKNR', status: 'DELIVERY_FAILED', meaning: 'Delivery attempted' },
  { code: 'EVNDA', status: 'DELIVERY_FAILED', meaning: 'Available for redelivery or collection' },
  { code: 'EVNSR', status: 'DELIVERY_FAILED', meaning: 'Prepared for redelivery' },
  { code: 'EVNRT', status: 'EXCEPTION', meaning: 'Item retained' },
  { code: 'EVKSP', status: 'DELIVERED', meaning: 'Delivered and signed for' },
  { code: 'EVKSF', status: 'DELIVERED', meaning: 'Delivered to a safe place' },
  { code: 'EVKOP', status: 'DELIVERED', meaning: 'Delivered' },
];

/** Tracking API `statusCategory` values, for codes the table does not list. */
export const RM_CATEGORY_TABLE: readonly { category: RegExp; status: TrackingStatus; meaning: string }[] = [
  { category: /^DELIVERED$/i, status: 'DELIVERED', meaning: 'Delivered' },
  { category: /RETURN/i, status: 'RETURNED', meaning: 'Being returned, or returned, to the sender' },
  { category: /^(UNDELIVERED|DELIVERY ATTEMPTED|COLLECT)/i, status: 'DELIVERY_FAILED', meaning: 'Not delivered, awaiting redelivery or collection' },
  { category: /^(EXCEPTION|ISSUE|HELD|RETAINED)/i, status: 'EXCEPTION', meaning: 'Held or delayed' },
  { category: /OUT FOR DELIVERY/i, status: 'OUT_FOR_DELIVERY', meaning: 'Out for delivery' },
  { category: /.*/, status: 'IN_TRANSIT', meaning: 'Any other category (in transit, received)' },
];

/** Click & Drop's despatch state, without the tracking API: the dates its orders carry. */
export const RM_DESPATCH_TABLE: readonly { code: string; field: 'printedOn' | 'manifestedOn' | 'shippedOn'; status: TrackingStatus; meaning: string }[] = [
  { code: 'CD:LABEL', field: 'printedOn', status: 'INFO_RECEIVED', meaning: 'Label generated in Click & Drop' },
  { code: 'CD:MANIFESTED', field: 'manifestedOn', status: 'IN_TRANSIT', meaning: 'Manifested: handed to Royal Mail' },
  { code: 'CD:DESPATCHED', field: 'shippedOn', status: 'IN_TRANSIT', meaning: 'Despatched' },
];

export const RM_TRACKING_CODES: Readonly<Record<string, TrackingStatus>> = Object.fromEntries([
  ...RM_EVENT_TABLE.map((r) => [r.code, r.status]), ...RM_DESPATCH_TABLE.map((r) => [r.code, r.status]),
]);

export function rmStatus(code: string | undefined, category: string | undefined): TrackingStatus {
  const row = RM_EVENT_TABLE.find((r) => r.code === code?.trim().toUpperCase());
  if (row) return row.status;
  return RM_CATEGORY_TABLE.find((r) => r.category.test(category ?? ''))!.status;
}

/** A mail piece's summary as a tracking with its latest event (none when Royal Mail reports an error). */
export function trackingOfSummary(piece: RmMailPieceSummary): PushedTracking | null {
  const s = piece.summary;
  if (piece.error || !s?.lastEventDateTime) return null;
  const event: PushedTrackingEvent = {
    carrier_code: s.lastEventCode ?? null,
    status: rmStatus(s.lastEventCode, s.statusCategory),
    description: s.lastEventName ?? s.statusDescription ?? null,
    timestamp: s.lastEventDateTime,
    location: s.lastEventLocationName ?? null,
  };
  return { tracking_number: piece.mailPieceId, events: [event] };
}

/** An order's despatch state as a tracking: one event per date Click & Drop recorded, oldest first. */
export function trackingOfOrder(trackingNumber: string, order: RmOrderInfo): PushedTracking {
  const events = RM_DESPATCH_TABLE.filter((r) => order[r.field]).map((r): PushedTrackingEvent => ({
    carrier_code: r.code, status: r.status, description: r.meaning, timestamp: order[r.field]!, location: null,
  }));
  return { tracking_number: trackingNumber, events: events.sort((a, b) => a.timestamp.localeCompare(b.timestamp)) };
}
