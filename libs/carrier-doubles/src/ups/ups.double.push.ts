import type { UpsTrackAlertEvent } from '@waybill/carriers';

/**
 * The body Track Alert posts to a subscriber for one event, as UPS's description shows it; tests and
 * drills post it to Waybill's ingest the way UPS would.
 */
export function trackAlertEvent(trackingNumber: string, type: string, code: string, description: string, at: Date, extra: Partial<UpsTrackAlertEvent> = {}): UpsTrackAlertEvent {
  const d = at.toISOString();
  const date = d.slice(0, 10).replace(/-/g, '');
  const time = d.slice(11, 19).replace(/:/g, '');
  return {
    trackingNumber,
    localActivityDate: date, localActivityTime: time,
    activityLocation: { city: 'LONDON', country: 'GB' },
    activityStatus: { type, code, description },
    gmtActivityDate: date, gmtActivityTime: time, gmtOffset: '+00.00',
    ...(type === 'D' ? { actualDeliveryDate: date, actualDeliveryTime: time } : {}),
    ...extra,
  };
}
