import type { CarrierAccountContext } from '../accounts';
import {
  CarrierRejection, type AccountCheck, type Address, type BookedDocuments, type Booking, type BookingRequest, type Carrier,
  type CarrierCapabilities, type CarrierManifest, type CarrierServiceDef, type ManifestRequest,
} from '../carrier';
import { crossesCustomsBorder } from '../customs';
import { changingCall, checkedBy } from '../kit/calls';
import type { LabelDesign, RoutingInput } from '../labels';
import type { ProofOfDeliveryDocument, ProofOfDeliveryRequest, PushedTracking, TrackingPush } from '../tracking';
import { MyDhl, dhlRefusal } from './dhl.calls';
import { DHL_LABEL_DESIGN, dhlRoutingCode, dhlSortCode } from './dhl.label-design';
import { DHL_CAPABILITIES, DHL_IDENTIFIER, DHL_NAME, DHL_SERVICES, dhlRouteProblem } from './dhl.profile';
import { DHL_TRACKING_BATCH } from './dhl.schemas';
import { dhlShipment } from './dhl.shipment.mapper';
import { DHL_TRACKING_CODES, trackingsOf } from './dhl.tracking';
import type { DhlShipmentAnswer } from './dhl.types';

/** Waybill's DHL Express (MyDHL API) integration, bound to one carrier account. */
export class DhlExpressCarrier implements Carrier {
  readonly identifier = DHL_IDENTIFIER;
  readonly name = DHL_NAME;
  readonly services: CarrierServiceDef[] = DHL_SERVICES;
  readonly capabilities: CarrierCapabilities = DHL_CAPABILITIES;
  readonly trackingCodes = DHL_TRACKING_CODES;
  readonly pollBatchSize = DHL_TRACKING_BATCH;

  constructor(private readonly account: CarrierAccountContext, private readonly dhl: MyDhl, private readonly trackingBaseUrl: string) {}

  defaultService(origin: Address, destination: Address): CarrierServiceDef {
    return DHL_SERVICES.find((s) => !dhlRouteProblem(s, origin.country.toUpperCase(), destination.country.toUpperCase())) ?? DHL_SERVICES[0];
  }

  requiresCustoms(originCountry: string, destinationCountry: string): boolean {
    return crossesCustomsBorder(originCountry, destinationCountry);
  }

  async book(req: BookingRequest): Promise<Booking> {
    const service = DHL_SERVICES.find((s) => s.name === req.serviceName);
    if (!service) throw new CarrierRejection(`DHL Express has no service "${req.serviceName}"`);
    const problem = dhlRouteProblem(service, req.origin.country.toUpperCase(), req.destination.country.toUpperCase());
    if (problem) throw new CarrierRejection(problem);
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
      trackingUrl: `${this.trackingBaseUrl}/track/${this.identifier}/${shipped.shipmentTrackingNumber}`,
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

  /** DHL Express takes each shipment's data at booking: the collection manifest is Waybill's own document. */
  async manifest(req: ManifestRequest): Promise<CarrierManifest> {
    if (req.consignments.length === 0) throw new CarrierRejection('a manifest needs at least one consignment');
    return { reference: `DHL-${req.manifestId}`, scope: 'listed' };
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

  parseTrackingPush(): TrackingPush | null {
    return null; // DHL Express events are polled.
  }

  async proofOfDelivery(req: ProofOfDeliveryRequest): Promise<ProofOfDeliveryDocument[]> {
    const pdf = await this.dhl.epod(req.consignmentNumber ?? req.trackingNumber);
    return pdf ? [{ bytes: pdf, file_type: 'application/pdf', proof_of_delivery_type: 'signature' }] : [];
  }

  labelDesign(): LabelDesign {
    return DHL_LABEL_DESIGN;
  }

  sortCode(destination: Address): string {
    return dhlSortCode(destination);
  }

  routingCode(input: RoutingInput): string {
    return dhlRoutingCode(input);
  }
}
