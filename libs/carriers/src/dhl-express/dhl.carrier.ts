import type { CarrierAccountContext } from '../accounts';
import {
  CarrierRejection, type CarrierRate, type CarrierRating, type RateRequest, type AccountCheck, type BookedDocuments, type Booking, type BookingRequest, type CarrierManifest, type ManifestRequest,
} from '@waybill/carrier-model';
import { changingCall, checkedBy } from '../kit/calls';
import { RealCarrier, type CarrierProfile } from '../kit/real-carrier';
import type { ProofOfDeliveryDocument, ProofOfDeliveryRequest, PushedTracking } from '@waybill/carrier-model';
import { MyDhl, dhlRefusal } from './dhl.calls';
import { DHL_LABEL_DESIGN, dhlRoutingCode, dhlSortCode } from './dhl.label-design';
import { DHL_CAPABILITIES, DHL_CREDENTIAL_KEYS, DHL_IDENTIFIER, DHL_NAME, DHL_SERVICES, dhlRouteProblem } from './dhl.profile';
import { DHL_TRACKING_BATCH } from './dhl.schemas';
import { dhlShipment } from './dhl.shipment.mapper';
import { DHL_TRACKING_CODES, trackingsOf } from './dhl.tracking';
import { dhlPickups } from './dhl.pickup';
import type { CarrierPickups } from '@waybill/carrier-model';
import type { DhlShipmentAnswer } from './dhl.types';
import { dhlRateRequest, dhlRatesOf, type DhlRatesAnswer } from './dhl.rate.mapper';

/** What DHL Express's integration states about itself; its events are polled. */
export const DHL_PROFILE: CarrierProfile<(typeof DHL_SERVICES)[number]> = {
  identifier: DHL_IDENTIFIER,
  name: DHL_NAME,
  services: DHL_SERVICES,
  capabilities: DHL_CAPABILITIES,
  credentialKeys: DHL_CREDENTIAL_KEYS,
  bookingLabelFormats: ['pdf', 'zpl'],
  trackingCodes: DHL_TRACKING_CODES,
  routeProblem: dhlRouteProblem,
  labelDesign: DHL_LABEL_DESIGN,
  sortCode: dhlSortCode,
  routingCode: dhlRoutingCode,
};

/** Waybill's DHL Express (MyDHL API) integration, bound to one carrier account. */
export class DhlExpressCarrier extends RealCarrier<(typeof DHL_SERVICES)[number]> implements CarrierRating {
  readonly pollBatchSize = DHL_TRACKING_BATCH;

  constructor(private readonly account: CarrierAccountContext, private readonly dhl: MyDhl, trackingBaseUrl: string) {
    super(DHL_PROFILE, trackingBaseUrl);
    this.pickups = dhlPickups(dhl, account.credentials.account_number);
  }

  /** Courier pickups on their own, for collections (dhl.pickup.ts). */
  readonly pickups: CarrierPickups;

  async book(req: BookingRequest): Promise<Booking> {
    const service = this.serviceOf(req);
    const body = dhlShipment(req, service, this.account.credentials.account_number, this.account.bookingLabelFormat, new Date());
    const answer = await changingCall(this.identifier, 'ship', () => this.dhl.send({ operation: 'ship', method: 'POST', path: '/shipments', idempotent: false, body }));
    if (answer.status !== 201 && answer.status !== 200) throw new CarrierRejection(dhlRefusal(answer));
    const shipped = answer.body as DhlShipmentAnswer;
    const pieces = (shipped.packages ?? []).map((p) => p.trackingNumber);
    const trackingNumbers = pieces.length === req.parcels.length ? pieces : req.parcels.map(() => shipped.shipmentTrackingNumber);
    const labels = (shipped.documents ?? []).filter((d) => d.typeCode === 'label');
    const invoice = shipped.documents?.find((d) => d.typeCode === 'invoice' && /pdf/i.test(d.imageFormat));
    const format: BookedDocuments['labelFormat'] = /zpl/i.test(labels[0]?.imageFormat ?? '') ? 'zpl' : 'pdf';
    return {
      consignmentNumber: shipped.shipmentTrackingNumber,
      trackingNumbers,
      trackingUrl: this.trackingUrl(shipped.shipmentTrackingNumber),
      appliedOptions: body.pickup.isRequested && shipped.dispatchConfirmationNumber ? { pickup: 'true' } : {},
      ...(labels.length === req.parcels.length ? { documents: {
        labelFormat: format, labels: labels.map((l) => Buffer.from(l.content, 'base64')), customsInvoice: invoice ? Buffer.from(invoice.content, 'base64') : null,
      } } : {}),
      carrierReference: shipped.dispatchConfirmationNumber ?? null,
    };
  }

  /**
   * MyDHL has no shipment void: an untendered DHL Express shipment is simply not charged. Cancelling
   * cancels the pickup booked with it, where there is one (already cancelled or unknown: success).
   */
  async cancel(_consignmentNumber: string, booked?: { carrierReference?: string | null }): Promise<void> {
    const pickup = booked?.carrierReference?.trim();
    if (!pickup) return;
    const answer = await this.dhl.send({
      operation: 'void', method: 'DELETE', idempotent: true, path: `/pickups/${encodeURIComponent(pickup)}`,
      query: { requestorName: 'Waybill', reason: 'Shipment cancelled by the merchant' },
    });
    if (answer.status === 200 || answer.status === 204 || answer.status === 404) return;
    throw new CarrierRejection(dhlRefusal(answer));
  }

  /**
   * Live prices from MyDHL's rates (POST /rates, multi-piece): every product on the route for the
   * account; the services asked for are answered. Read-only at DHL; a refusal is a CarrierRejection.
   */
  async rate(req: RateRequest): Promise<CarrierRate[]> {
    const body = dhlRateRequest(req, this.account.credentials.account_number, new Date());
    const answer = await this.dhl.send({ operation: 'rate', method: 'POST', path: '/rates', idempotent: true, body });
    if (answer.status !== 200) throw new CarrierRejection(dhlRefusal(answer), false, true);
    return dhlRatesOf(answer.body as DhlRatesAnswer, req.services);
  }

  /** DHL Express takes each shipment's data at booking: the collection manifest is Waybill's own document. */
  async manifest(req: ManifestRequest): Promise<CarrierManifest> {
    return { ...this.ownManifest(req, 'DHL'), scope: 'listed' };
  }

  checkAccount(): Promise<AccountCheck> {
    return checkedBy(async () => {
      const answer = await this.dhl.send({
        operation: 'check', method: 'GET', idempotent: true, path: '/address-validate',
        query: { type: 'delivery', countryCode: 'GB', postalCode: 'SW1A 1AA', cityName: 'London' },
      });
      return answer.status === 200 ? undefined : dhlRefusal(answer);
    });
  }

  async pollTracking(trackingNumbers: string[]): Promise<PushedTracking[]> {
    return trackingsOf(await this.dhl.track(trackingNumbers), new Set(trackingNumbers));
  }

  async proofOfDelivery(req: ProofOfDeliveryRequest): Promise<ProofOfDeliveryDocument[]> {
    const pdf = await this.dhl.epod(req.consignmentNumber ?? req.trackingNumber);
    return pdf ? [{ bytes: pdf, file_type: 'application/pdf', proof_of_delivery_type: 'signature' }] : [];
  }
}
