import type { TrackingStatus } from '@waybill/carrier-model';
import type { TrackingPage } from '@waybill/contracts';
import { todayIn } from '@waybill/i18n';
import type { Branding } from '../branding/branding.repository';

export type PageStatus = 'LABEL_CREATED' | TrackingStatus;

/** A stored carrier event, as the page needs it. */
export interface PageEvent {
  trackingNumber: string;
  status: TrackingStatus;
  description: string | null;
  location: string | null;
  occurredAt: Date;
}

/** What the page knows of the consignment (tracking's read model: no street, name, e-mail or phone). */
export interface PageConsignment {
  company: string;
  /** The consignment's identifier (asks the consignment service whether it may be returned); absent in samples. */
  identifier?: string;
  carrierName: string;
  serviceName: string | null;
  expectedDeliveryDate: string | null;
  packageCount: number;
  /** Distinct tracking numbers in package order (one for a carrier numbering consignments, not packages). */
  trackingNumbers: string[];
  destination: { town: string | null; district: string | null; country: string | null; timeZone: string | null };
}

export interface TrackingView {
  merchant: { displayName: string; logoUrl: string | null; accentColour: string | null; supportEmail: string | null };
  carrier: string;
  service: string | null;
  status: PageStatus;
  /** The furthest step of the progress line reached (0 label created … 3 delivered), never moving back. */
  step: number;
  problem: boolean;
  /** Past its expected delivery date (in the destination's time zone) and not every parcel delivered. */
  late: boolean;
  expectedDeliveryDate: string | null;
  packages: Array<{ trackingNumber: string; status: PageStatus; packages: number }>;
  /** Newest first. */
  events: PageEvent[];
  destination: PageConsignment['destination'];
}

const STEP_OF: Record<PageStatus, number> = {
  LABEL_CREATED: 0, INFO_RECEIVED: 0, IN_TRANSIT: 1, OUT_FOR_DELIVERY: 2, DELIVERED: 3, DELIVERY_FAILED: 2, EXCEPTION: 1, RETURNED: 1,
};
export const PROBLEMS: ReadonlySet<PageStatus> = new Set(['DELIVERY_FAILED', 'EXCEPTION', 'RETURNED']);

/** Newest by carrier time; among events of one instant, the later in the list (stored later). */
const newestFirst = (events: PageEvent[]) => events.map((e, i) => [e, i] as const)
  .sort(([a, i], [b, j]) => b.occurredAt.getTime() - a.occurredAt.getTime() || j - i).map(([e]) => e);

/**
 * The page's content (docs/api/tracking-page.md), from the consignment and its events (oldest first, as stored): the
 * status is the newest event's by carrier time, LABEL_CREATED before any; the progress line shows the
 * furthest step any event reached, so a late, older event never moves it back, and a problem is
 * flagged on top of it.
 */
export function buildView(c: PageConsignment, stored: PageEvent[], branding: Branding, now: Date = new Date()): TrackingView {
  const events = newestFirst(stored);
  const status: PageStatus = events[0]?.status ?? 'LABEL_CREATED';
  const reached = Math.max(0, ...events.filter((e) => !PROBLEMS.has(e.status)).map((e) => STEP_OF[e.status]));
  const packages = c.trackingNumbers.map((trackingNumber) => ({
    trackingNumber,
    packages: c.trackingNumbers.length === 1 ? Math.max(1, c.packageCount) : 1,
    status: events.find((e) => e.trackingNumber === trackingNumber)?.status ?? ('LABEL_CREATED' as PageStatus),
  }));
  return {
    merchant: {
      displayName: branding.display_name ?? c.company, logoUrl: branding.logo_url, accentColour: branding.accent_colour, supportEmail: branding.support_email,
    },
    carrier: c.carrierName,
    service: c.serviceName,
    status,
    step: status === 'DELIVERED' ? 3 : reached,
    problem: PROBLEMS.has(status),
    late: isLate(c.expectedDeliveryDate, status, packages, c.destination.timeZone, now),
    expectedDeliveryDate: c.expectedDeliveryDate,
    packages,
    events,
    destination: c.destination,
  };
}

/**
 * Running late: the expected delivery date has passed where the parcel goes, and not every parcel is
 * delivered. A parcel on its way back to the sender is not "late" (the page already says what happens).
 */
export function isLate(expected: string | null, status: PageStatus, packages: Array<{ status: PageStatus }>, zone: string | null, now: Date): boolean {
  if (!expected || status === 'RETURNED') return false;
  const delivered = packages.length > 0 ? packages.every((p) => p.status === 'DELIVERED') : status === 'DELIVERED';
  if (delivered) return false;
  return expected < todayIn(zone, now);
}

/** The JSON answer (contracts/api/tracking-page.json). */
export function toJson(v: TrackingView): TrackingPage {
  return {
    carrier: v.carrier,
    service: v.service,
    tracking_numbers: v.packages.map((p) => p.trackingNumber),
    status: v.status,
    expected_delivery_date: v.expectedDeliveryDate,
    events: v.events.map((e) => ({
      timestamp: e.occurredAt.toISOString(), status: e.status, description: e.description, location: e.location, tracking_number: e.trackingNumber,
    })),
    packages: v.packages.map((p) => ({ tracking_number: p.trackingNumber, status: p.status, packages: p.packages })),
    destination: { town: v.destination.town, postcode_district: v.destination.district, country: v.destination.country, time_zone: v.destination.timeZone },
    merchant: { display_name: v.merchant.displayName, logo_url: v.merchant.logoUrl, accent_colour: v.merchant.accentColour, support_email: v.merchant.supportEmail },
  };
}
