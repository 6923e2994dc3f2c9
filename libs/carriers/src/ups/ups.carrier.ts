import type { CarrierAccountContext } from '../accounts';
import {
  CarrierRejection, type AccountCheck, type Address, type Booking, type BookingRequest, type Carrier, type CarrierCapabilities,
  type CarrierManifest, type CarrierServiceDef, type ManifestRequest,
} from '../carrier';
import { crossesCustomsBorder } from '../customs';
import type { LabelDesign, RoutingInput } from '../labels';
import { CarrierCallError, recordAnomaly } from '../outbound';
import type { ProofOfDeliveryDocument, ProofOfDeliveryRequest, PushedTracking, TrackingPush } from '../tracking';
import { bookingOf, proofOf } from './ups.answers';
import { UpsAuth, UpsRefusal } from './ups.auth';
import { UPS_CAPABILITIES, UPS_IDENTIFIER, UPS_NAME, UPS_SERVICES, UPS_SHIP_VERSION, routeProblem } from './ups.profile';
import { upsShipRequest } from './ups.ship.mapper';
import { UPS_TRACKING_CODES, parseTrackAlert, trackingsOf } from './ups.tracking';
import { subscribeBatches, trackDetails } from './ups.track.calls';
import type { UpsShipAnswer, UpsVoidAnswer } from './ups.types';
import { UPS_LABEL_DESIGN, upsRoutingCode, upsSortCode } from './ups.label-design';

/** Waybill's UPS integration, bound to one carrier account. */
export class UpsCarrier implements Carrier {
  readonly identifier = UPS_IDENTIFIER;
  readonly name = UPS_NAME;
  readonly services: CarrierServiceDef[] = UPS_SERVICES;
  readonly capabilities: CarrierCapabilities = UPS_CAPABILITIES;
  readonly trackingCodes = UPS_TRACKING_CODES;

  constructor(
    private readonly account: CarrierAccountContext,
    private readonly auth: UpsAuth,
    private readonly trackingBaseUrl: string,
    private readonly toPng: (gif: Buffer) => Buffer,
  ) {}

  defaultService(origin: Address, destination: Address): CarrierServiceDef {
    const from = origin.country.toUpperCase();
    const to = destination.country.toUpperCase();
    return UPS_SERVICES.find((s) => !routeProblem(s, from, to)) ?? UPS_SERVICES[0];
  }

  requiresCustoms(originCountry: string, destinationCountry: string): boolean {
    return crossesCustomsBorder(originCountry, destinationCountry);
  }

  async book(req: BookingRequest): Promise<Booking> {
    const service = UPS_SERVICES.find((s) => s.name === req.serviceName);
    if (!service) throw new CarrierRejection(`UPS has no service "${req.serviceName}"`);
    const problem = routeProblem(service, req.origin.country.toUpperCase(), req.destination.country.toUpperCase());
    if (problem) throw new CarrierRejection(problem);
    const body = upsShipRequest(req, service, this.account.credentials.account_number, this.account.bookingLabelFormat);
    const answer = await this.call('ship', () => this.auth.send({
      operation: 'ship', method: 'POST', path: `/api/shipments/${UPS_SHIP_VERSION}/ship`, idempotent: false, body,
    }));
    if (answer.status !== 200) throw new CarrierRejection(UpsRefusal.of(answer).message);
    const booking = bookingOf(answer.body as UpsShipAnswer, (first) => `${this.trackingBaseUrl}/track/${this.identifier}/${first}`);
    return { ...booking, appliedOptions: {} };
  }

  /** Voids at UPS; a void UPS refuses, or one that got no answer, is a CarrierRejection saying so. */
  async cancel(consignmentNumber: string): Promise<void> {
    const answer = await this.call('void', () => this.auth.send({
      operation: 'void', method: 'DELETE', idempotent: true,
      path: `/api/shipments/${UPS_SHIP_VERSION}/void/cancel/${encodeURIComponent(consignmentNumber)}`,
    }));
    const code = (answer.body as UpsVoidAnswer | undefined)?.VoidShipmentResponse?.SummaryResult?.Status?.Code;
    // UPS answers status 1 both for "voided" and "already voided".
    if (answer.status === 200 && code === '1') return;
    throw new CarrierRejection(answer.status === 200 ? `UPS did not void ${consignmentNumber}` : UpsRefusal.of(answer).message);
  }

  /**
   * UPS takes each shipment's data at booking and has no manifest to submit: the collection manifest
   * is Waybill's own document for the driver, referenced by Waybill's manifest identifier.
   */
  async manifest(req: ManifestRequest): Promise<CarrierManifest> {
    if (req.consignments.length === 0) throw new CarrierRejection('a manifest needs at least one consignment');
    return { reference: `UPS-${req.manifestId}` };
  }

  async checkAccount(): Promise<AccountCheck> {
    try {
      await this.auth.token();
      return { ok: true };
    } catch (err) {
      if (err instanceof UpsRefusal || err instanceof CarrierCallError) return { ok: false, detail: err.message };
      throw err;
    }
  }

  async pollTracking(trackingNumbers: string[]): Promise<PushedTracking[]> {
    const out: PushedTracking[] = [];
    for (const number of trackingNumbers) {
      const answer = await trackDetails(this.auth, number, false);
      if (answer) out.push(...trackingsOf(answer));
    }
    return out;
  }

  subscribeTracking(trackingNumbers: string[]): Promise<{ subscribed: string[]; refused: string[] }> {
    return subscribeBatches(this.auth, trackingNumbers);
  }

  parseTrackingPush(body: unknown): TrackingPush | null {
    return parseTrackAlert(body);
  }

  async proofOfDelivery(req: ProofOfDeliveryRequest): Promise<ProofOfDeliveryDocument[]> {
    const answer = await trackDetails(this.auth, req.trackingNumber, true);
    const pkg = answer?.trackResponse?.shipment?.[0]?.package?.find((p) => p.trackingNumber === req.trackingNumber)
      ?? answer?.trackResponse?.shipment?.[0]?.package?.[0];
    return proofOf(pkg, req.trackingNumber, this.toPng);
  }

  labelDesign(): LabelDesign {
    return UPS_LABEL_DESIGN;
  }

  sortCode(destination: Address): string {
    return upsSortCode(destination);
  }

  routingCode(input: RoutingInput): string {
    return upsRoutingCode(input);
  }

  /**
   * A call that got no usable answer is a refusal that says why; when the request may have reached UPS
   * (timeout, outage) UPS may have acted on it, so it is counted as an anomaly for the operator.
   */
  private async call<T>(operation: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof UpsRefusal) throw new CarrierRejection(err.message);
      if (!(err instanceof CarrierCallError)) throw err;
      if (err.mayHaveReachedCarrier) recordAnomaly(this.identifier, operation);
      throw new CarrierRejection(err.message, err.mayHaveReachedCarrier);
    }
  }
}
