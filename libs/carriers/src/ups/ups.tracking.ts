import { TrackingPushError, type PushedTracking, type PushedTrackingEvent, type TrackingPush, type TrackingStatus } from '@waybill/carrier-model';
import type { UpsActivity, UpsTrackAlertEvent, UpsTrackAnswer } from './ups.types';

/**
 * UPS activity status types (and the codes that refine them) as Waybill tracking statuses; the table
 * docs/carriers/ups.md prints. Types from UPS's Track Alert and Tracking descriptions: M manifest,
 * MV manifest void, P pickup, I in progress, O out for delivery, U updated delivery date, X exception,
 * RS returned to shipper, D delivery (UPS puts "loaded on delivery vehicle" under D too, code OT).
 */
export const UPS_STATUS_TABLE: readonly { type: string; code?: string; when?: RegExp; status: TrackingStatus | null; meaning: string }[] = [
  { type: 'M', status: 'INFO_RECEIVED', meaning: 'Shipment information received by UPS' },
  { type: 'MV', status: null, meaning: 'Shipment voided: not forwarded (the void is Waybill\'s own cancel)' },
  { type: 'P', status: 'IN_TRANSIT', meaning: 'Picked up' },
  { type: 'I', code: 'OT', status: 'OUT_FOR_DELIVERY', meaning: 'Out for delivery' },
  { type: 'I', status: 'IN_TRANSIT', meaning: 'On the way through the UPS network' },
  { type: 'O', status: 'OUT_FOR_DELIVERY', meaning: 'Out for delivery' },
  { type: 'U', status: 'IN_TRANSIT', meaning: 'Delivery date or time updated' },
  { type: 'X', when: /attempt/i, status: 'DELIVERY_FAILED', meaning: 'Exception describing a delivery attempt' },
  { type: 'X', when: /return(ed|ing)? to (the )?(sender|shipper)/i, status: 'RETURNED', meaning: 'Exception describing a return to the shipper' },
  { type: 'X', status: 'EXCEPTION', meaning: 'Any other exception' },
  { type: 'RS', status: 'RETURNED', meaning: 'Returned to shipper' },
  { type: 'D', code: 'OT', status: 'OUT_FOR_DELIVERY', meaning: 'Loaded on the delivery vehicle' },
  { type: 'D', status: 'DELIVERED', meaning: 'Delivered' },
];

/** `carrier_code` values of generic pushes for UPS: `<type>` or `<type>:<code>`. */
export const UPS_TRACKING_CODES: Readonly<Record<string, TrackingStatus>> = Object.fromEntries(
  UPS_STATUS_TABLE.filter((r) => r.status && !r.when).map((r) => [r.code ? `${r.type}:${r.code}` : r.type, r.status as TrackingStatus]),
);

/** The Waybill status of a UPS activity; null for activities Waybill does not forward; undefined when unknown. */
export function upsStatus(type: string | undefined, code: string | undefined, description: string | undefined): TrackingStatus | null | undefined {
  const t = type?.trim().toUpperCase();
  const c = code?.trim().toUpperCase();
  const row = UPS_STATUS_TABLE.find((r) => r.type === t && (!r.code || r.code === c) && (!r.when || r.when.test(description ?? '')));
  return row ? row.status : undefined;
}

/** UPS dates (YYYYMMDD) and times (HHMMSS) in GMT as ISO 8601; local ones without a zone otherwise. */
function isoTime(date: string | undefined, time: string | undefined, zone: 'Z' | ''): string | undefined {
  if (!date || !/^\d{8}$/.test(date)) return undefined;
  const t = (time ?? '000000').padStart(6, '0');
  return `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4, 6)}${zone}`;
}

const place = (...parts: (string | undefined)[]) => parts.filter((p) => p && p.trim()).join(', ') || null;

function event(type: string | undefined, code: string | undefined, description: string | undefined, timestamp: string, location: string | null): PushedTrackingEvent | null {
  const status = upsStatus(type, code, description);
  if (status === null) return null;
  const carrierCode = code ? `${type}:${code}` : type;
  return { carrier_code: carrierCode ?? null, status: status ?? 'IN_TRANSIT', description: description ?? null, timestamp, location };
}

/** Recognises a Track Alert push (one event per post) and reads it; null for any other body. */
export function parseTrackAlert(body: unknown): TrackingPush | null {
  const b = body as Partial<UpsTrackAlertEvent> | null;
  if (!b || typeof b !== 'object' || Array.isArray(b) || !('trackingNumber' in b) || !('activityStatus' in b)) return null;
  const errors: Record<string, string[]> = {};
  if (typeof b.trackingNumber !== 'string' || !/^1[ZR][0-9A-Z]{14,26}$/.test(b.trackingNumber)) errors.trackingNumber = ['Not a UPS tracking number.'];
  const s = b.activityStatus;
  if (!s || typeof s !== 'object' || typeof s.type !== 'string') errors['activityStatus.type'] = ['This field is required.'];
  const timestamp = isoTime(b.gmtActivityDate, b.gmtActivityTime, 'Z') ?? isoTime(b.localActivityDate, b.localActivityTime, '');
  if (!timestamp) errors.gmtActivityDate = ['A date (YYYYMMDD) of the activity is required.'];
  if (Object.keys(errors).length) throw new TrackingPushError(errors);
  const loc = b.activityLocation;
  const e = event(s!.type, s!.code, s!.description, timestamp!, place(loc?.city, loc?.stateProvince, loc?.postalCode, loc?.country));
  return { trackings: [{ tracking_number: b.trackingNumber!, events: e ? [e] : [] }] };
}

function activityEvent(a: UpsActivity): PushedTrackingEvent | null {
  const timestamp = isoTime(a.gmtDate, a.gmtTime, 'Z') ?? isoTime(a.date, a.time, '');
  if (!timestamp) return null;
  const addr = a.location?.address;
  return event(a.status?.type, a.status?.code, a.status?.description, timestamp, place(addr?.city, addr?.stateProvince, addr?.postalCode, addr?.countryCode ?? addr?.country));
}

/** The Tracking API's answer as generic trackings (events oldest first). */
export function trackingsOf(answer: UpsTrackAnswer): PushedTracking[] {
  const out: PushedTracking[] = [];
  for (const shipment of answer.trackResponse?.shipment ?? []) {
    for (const pkg of shipment.package ?? []) {
      const number = pkg.trackingNumber ?? shipment.inquiryNumber;
      if (!number) continue;
      const events = (pkg.activity ?? []).map(activityEvent).filter((e): e is PushedTrackingEvent => !!e).reverse();
      out.push({ tracking_number: number, events });
    }
  }
  return out;
}
