import type { CarrierAccountContext } from '../accounts';
import { CarrierRejection, type CarrierRate, type CarrierRating, type RateRequest, type AccountCheck, type Booking, type BookingRequest, type CarrierManifest, type ManifestRequest } from '@waybill/carrier-model';
import { changingCall, checkedBy } from '../kit/calls';
import { RealCarrier, type CarrierProfile } from '../kit/real-carrier';
import type { ProofOfDeliveryDocument, ProofOfDeliveryRequest, PushedTracking } from '@waybill/carrier-model';
import { bookingOf, proofOf } from './ups.answers';
import { UpsAuth, UpsRefusal } from './ups.auth';
import { UPS_CAPABILITIES, UPS_CREDENTIAL_KEYS, UPS_IDENTIFIER, UPS_NAME, UPS_SERVICES, UPS_SHIP_VERSION, routeProblem } from './ups.profile';
import { upsShipRequest } from './ups.ship.mapper';
import { UPS_TRACKING_CODES, parseTrackAlert, trackingsOf } from './ups.tracking';
import { subscribeBatches, trackDetails } from './ups.track.calls';
import type { UpsShipAnswer, UpsVoidAnswer } from './ups.types';
import { ratesOf, upsRateRequest, type UpsRateAnswer } from './ups.rate.mapper';
import { UPS_RATE_VERSION } from './ups.rate.schema';
import { UPS_LABEL_DESIGN, upsRoutingCode, upsSortCode } from './ups.label-design';
import { upsPickups } from './ups.pickup';
import { upsServicePoints } from './ups.locator';
import type { CarrierPickups, CarrierServicePoints } from '@waybill/carrier-model';

/** What UPS's integration states about itself: services, codes, label, Track Alert pushes. */
export const UPS_PROFILE: CarrierProfile<(typeof UPS_SERVICES)[number]> = {
  identifier: UPS_IDENTIFIER,
  name: UPS_NAME,
  services: UPS_SERVICES,
  capabilities: UPS_CAPABILITIES,
  credentialKeys: UPS_CREDENTIAL_KEYS,
  bookingLabelFormats: ['pdf', 'zpl'],
  trackingCodes: UPS_TRACKING_CODES,
  parseTrackingPush: parseTrackAlert,
  routeProblem,
  labelDesign: UPS_LABEL_DESIGN,
  sortCode: upsSortCode,
  routingCode: upsRoutingCode,
};

/** Waybill's UPS integration, bound to one carrier account. */
export class UpsCarrier extends RealCarrier<(typeof UPS_SERVICES)[number]> implements CarrierRating {
  constructor(
    private readonly account: CarrierAccountContext,
    private readonly auth: UpsAuth,
    trackingBaseUrl: string,
    private readonly toPng: (gif: Buffer) => Buffer,
  ) {
    super(UPS_PROFILE, trackingBaseUrl);
    this.pickups = upsPickups(auth, account.credentials.account_number, (operation, fn) => this.call(operation, fn));
    this.servicePoints = upsServicePoints(auth);
  }

  /** UPS Access Points through the Locator API (ups.locator.ts). */
  readonly servicePoints: CarrierServicePoints;

  /** On-call pickups (collections) through the UPS Pickup API (ups.pickup.ts). */
  readonly pickups: CarrierPickups;

  async book(req: BookingRequest): Promise<Booking> {
    const service = this.serviceOf(req);
    const body = upsShipRequest(req, service, this.account.credentials.account_number, this.account.bookingLabelFormat);
    const answer = await this.call('ship', () => this.auth.send({
      operation: 'ship', method: 'POST', path: `/api/shipments/${UPS_SHIP_VERSION}/ship`, idempotent: false, body,
    }));
    if (answer.status !== 200) throw new CarrierRejection(UpsRefusal.of(answer).message);
    const booking = bookingOf(answer.body as UpsShipAnswer, (first) => this.trackingUrl(first));
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
    return this.ownManifest(req, 'UPS');
  }

  /**
   * Live prices from UPS's Rating API: one `Shop` call rates every UPS product on the route at the
   * account's negotiated rates; the services asked for are answered. Changes nothing at UPS, so it is
   * not a changing call; a refusal (UPS's code and message) is a CarrierRejection.
   */
  async rate(req: RateRequest): Promise<CarrierRate[]> {
    const body = upsRateRequest(req, this.account.credentials.account_number);
    let answer;
    try {
      answer = await this.auth.send({ operation: 'rate', method: 'POST', path: `/api/rating/${UPS_RATE_VERSION}/Shop`, idempotent: true, body });
    } catch (err) {
      throw err instanceof UpsRefusal ? new CarrierRejection(err.message, false, true) : err;
    }
    if (answer.status !== 200) throw new CarrierRejection(UpsRefusal.of(answer).message, false, true);
    return ratesOf(answer.body as UpsRateAnswer, req.services);
  }

  /** Proves the credentials by getting a token; UPS refusing them is the check's answer. */
  checkAccount(): Promise<AccountCheck> {
    return checkedBy(() => this.auth.token().then(() => undefined, (err: unknown) => {
      if (err instanceof UpsRefusal) return err.message;
      throw err;
    }));
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

  async proofOfDelivery(req: ProofOfDeliveryRequest): Promise<ProofOfDeliveryDocument[]> {
    const answer = await trackDetails(this.auth, req.trackingNumber, true);
    const pkg = answer?.trackResponse?.shipment?.[0]?.package?.find((p) => p.trackingNumber === req.trackingNumber)
      ?? answer?.trackResponse?.shipment?.[0]?.package?.[0];
    return proofOf(pkg, req.trackingNumber, this.toPng);
  }

  /** A changing call (the kit's `changingCall`) whose token UPS may refuse: that refusal is the call's. */
  private call<T>(operation: string, fn: () => Promise<T>): Promise<T> {
    return changingCall(this.identifier, operation, () => fn().catch((err: unknown) => {
      throw err instanceof UpsRefusal ? new CarrierRejection(err.message) : err;
    }));
  }
}
