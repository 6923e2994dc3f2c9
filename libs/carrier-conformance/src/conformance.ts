import {
  CarrierRejection, TRACKING_STATUSES, type Booking, type BookingRequest, type Carrier, type PushedTracking, type TrackingStatus,
} from '@waybill/carriers';
import { renderBookedLabels, type DocumentType, type LabelSizeName } from '@waybill/carrier-labels';

/**
 * The checks every carrier adapter passes, sandbox or real: run by `describeCarrierConformance` with a
 * subject that says how to reach the carrier (a real one through its double) and what it accepts.
 */
export interface ConformanceSubject {
  name: string;
  carrier(): Carrier;
  /** A booking the carrier accepts (at least two packages). */
  accepted(): BookingRequest;
  /** A booking the carrier refuses. */
  refused(): BookingRequest;
  /** A delivered parcel's tracking as the carrier gives it (pushed in its own format, or polled). */
  lifecycle(carrier: Carrier, booking: Booking): Promise<PushedTracking>;
  /** Whether the carrier takes a manifest of its own (others answer a local reference). */
  submitsManifests: boolean;
}

const DOCUMENT_TYPES: DocumentType[] = ['application/pdf', 'application/x-zebra-zpl', 'image/png', 'image/x-png-list'];
const SIZES: LabelSizeName[] = ['4x6', '8x4', 'A6'];
/** Where a parcel is in its life: a status later in this order never gives way to an earlier one. */
const RANK: Record<TrackingStatus, number> = {
  INFO_RECEIVED: 0, IN_TRANSIT: 1, OUT_FOR_DELIVERY: 2, DELIVERY_FAILED: 2, EXCEPTION: 2, RETURNED: 3, DELIVERED: 4,
};

/** The status each event means: its own, or the carrier's code table's. */
export function statusOf(carrier: Carrier, e: { status?: string | null; carrier_code?: string | null }): TrackingStatus | undefined {
  const own = e.status?.toUpperCase().replace(/[\s_]+/g, '_') as TrackingStatus | undefined;
  return own && TRACKING_STATUSES.includes(own) ? own : carrier.trackingCodes[e.carrier_code ?? ''];
}

export function describeCarrierConformance(subject: ConformanceSubject): void {
  describe(`${subject.name} conformance`, () => {
    let carrier: Carrier;
    let booked: Booking;
    let request: BookingRequest;
    beforeAll(async () => {
      carrier = subject.carrier();
      request = subject.accepted();
      booked = await carrier.book(request);
    });

    it('booking gives a consignment number, a tracking number per package and a tracking URL', () => {
      expect(booked.consignmentNumber).toMatch(/^\S{1,50}$/);
      expect(booked.trackingNumbers).toHaveLength(request.parcels.length);
      for (const n of booked.trackingNumbers) expect(n).toMatch(/^[0-9A-Za-z-]{1,50}$/);
      expect(new URL(booked.trackingUrl).protocol).toMatch(/^https?:$/);
    });

    it('a refusal gives the merchant a reason', async () => {
      const err = await carrier.book(subject.refused()).then(() => undefined, (e: unknown) => e);
      expect(err).toBeInstanceOf(CarrierRejection);
      expect((err as CarrierRejection).reason).toMatch(/\S{3}/);
      expect((err as CarrierRejection).reason.length).toBeLessThanOrEqual(255);
    });

    it('cancelling is idempotent', async () => {
      const other = await carrier.book(subject.accepted());
      // What the booking stored besides its number (Royal Mail's order identifiers) goes back with the cancel.
      const booked = { carrierReference: other.carrierReference };
      await carrier.cancel(other.consignmentNumber, booked);
      await expect(carrier.cancel(other.consignmentNumber, booked)).resolves.toBeUndefined();
    });

    it('labels exist in every documenttype and size', async () => {
      if (booked.documents) {
        for (const documentType of DOCUMENT_TYPES) {
          for (const labelSize of SIZES) {
            const labels = await renderBookedLabels(booked.documents, { documentType, labelSize, dpi: 203, compression: 'none', labelQuantity: 1, createdAt: new Date(0) })
              .catch((e: Error) => e);
            expect(labels instanceof Error ? `${documentType} ${labelSize}: ${labels.stack}` : null).toBeNull();
            expect((labels as string | string[]).length).toBeGreaterThan(0);
          }
        }
        return;
      }
      // Drawn by Waybill from the carrier's label specification: every service has one.
      for (const service of carrier.services) {
        const design = carrier.labelDesign(service);
        expect(design.brand).toMatch(/\S/);
        expect(carrier.sortCode(request.destination, service)).toMatch(/\S/);
        expect(carrier.routingCode({ service, origin: request.origin, destination: request.destination, trackingNumber: booked.trackingNumbers[0], packageNumber: 1, packageCount: 2 })).toMatch(/\S/);
      }
    });

    it('tracking: every event has a normalised status and a time, and in carrier time the status never moves backwards', async () => {
      const tracking = await subject.lifecycle(carrier, booked);
      expect(booked.trackingNumbers).toContain(tracking.tracking_number);
      const events = tracking.events.map((e) => ({ status: statusOf(carrier, e), at: Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(e.timestamp) ? e.timestamp : `${e.timestamp}Z`) }));
      for (const e of events) {
        expect(TRACKING_STATUSES).toContain(e.status);
        expect(Number.isNaN(e.at)).toBe(false);
      }
      const inTime = [...events].sort((a, b) => a.at - b.at);
      const ranks = inTime.map((e) => RANK[e.status!]);
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      expect(inTime[inTime.length - 1]?.status).toBe('DELIVERED');
    });

    it(subject.submitsManifests ? 'takes a manifest, the same reference for the same manifest' : 'answers a manifest locally, the same reference for the same manifest', async () => {
      const manifest = {
        company: request.company, manifestId: `m-${booked.consignmentNumber}`, origin: request.origin, collectionDate: '2030-01-02',
        consignments: [{ consignmentNumber: booked.consignmentNumber, trackingNumbers: booked.trackingNumbers, destination: request.destination, parcelCount: 2, weightKg: 3.7 }],
      };
      const first = await carrier.manifest(manifest);
      expect(first.reference).toMatch(/\S/);
      expect((await carrier.manifest(manifest)).reference).toBe(first.reference);
    });
  });
}
