import type { CarrierAccountContext } from '../accounts';
import { CarrierRejection, type AccountCheck, type Booking, type BookingRequest, type CarrierManifest, type ManifestRequest } from '@waybill/carrier-model';
import { changingCall, checkedBy } from '../kit/calls';
import { RealCarrier, type CarrierProfile } from '../kit/real-carrier';
import type { ProofOfDeliveryDocument, ProofOfDeliveryRequest, PushedTracking } from '@waybill/carrier-model';
import { ClickAndDrop, RoyalMailTracking, rmRefusal } from './royalmail.calls';
import { RM_LABEL_DESIGN, rmRoutingCode, rmSortCode } from './royalmail.label-design';
import { rmManifest } from './royalmail.manifest';
import { rmOrders } from './royalmail.order.mapper';
import { RM_CAPABILITIES, RM_CREDENTIAL_KEYS, RM_IDENTIFIER, RM_NAME, RM_SERVICES, rmRouteProblem } from './royalmail.profile';
import { RM_TRACKING_BATCH } from './royalmail.schemas';
import { RM_TRACKING_CODES, trackingOfOrder, trackingOfSummary } from './royalmail.tracking';
import type { RmCreateOrdersAnswer, RmCreatedOrder } from './royalmail.types';

/** What Royal Mail's integration states about itself; it pushes nothing (its events are polled). */
export const RM_PROFILE: CarrierProfile<(typeof RM_SERVICES)[number]> = {
  identifier: RM_IDENTIFIER,
  name: RM_NAME,
  services: RM_SERVICES,
  capabilities: RM_CAPABILITIES,
  credentialKeys: RM_CREDENTIAL_KEYS,
  bookingLabelFormats: ['pdf'],
  trackingCodes: RM_TRACKING_CODES,
  routeProblem: rmRouteProblem,
  labelDesign: RM_LABEL_DESIGN,
  sortCode: rmSortCode,
  routingCode: rmRoutingCode,
};

/** Waybill's Royal Mail Click & Drop integration, bound to one carrier account. */
export class RoyalMailCarrier extends RealCarrier<(typeof RM_SERVICES)[number]> {
  readonly pollBatchSize: number;

  constructor(
    _account: CarrierAccountContext,
    private readonly cd: ClickAndDrop,
    private readonly tracking: RoyalMailTracking | undefined,
    trackingBaseUrl: string,
    private readonly manifests: Map<string, CarrierManifest>,
  ) {
    super(RM_PROFILE, trackingBaseUrl);
    this.pollBatchSize = tracking ? RM_TRACKING_BATCH : 100;
  }

  async book(req: BookingRequest): Promise<Booking> {
    const service = this.serviceOf(req);
    const items = rmOrders(req, service, new Date());
    const answer = await changingCall(this.identifier, 'ship', () => this.cd.send({ operation: 'ship', method: 'POST', path: '/orders', idempotent: false, body: { items } }));
    if (answer.status !== 200) throw new CarrierRejection(rmRefusal(answer));
    const body = answer.body as RmCreateOrdersAnswer;
    const created = body.createdOrders ?? [];
    const failure = body.failedOrders?.[0]?.errors?.[0];
    const unlabelled = created.find((o) => !o.label || o.labelErrors?.length);
    if (failure || unlabelled || created.length !== items.length) {
      await this.discard(created);
      if (failure) {
        const field = body.failedOrders?.[0]?.errors?.[0]?.fields?.[0]?.fieldName;
        throw new CarrierRejection(`Royal Mail ${failure.errorCode ?? 400}: ${failure.errorMessage ?? 'order refused'}${field ? ` (${field})` : ''}`);
      }
      const why = unlabelled?.labelErrors?.[0];
      throw new CarrierRejection(`Royal Mail ${why?.code ?? 'label'}: ${why?.message ? `${why.message}; ` : ''}Click & Drop generates labels through its API for business (OBA) accounts only`);
    }
    const numbers = created.map((o) => o.trackingNumber ?? o.packages?.[0]?.trackingNumber ?? '');
    if (numbers.some((n) => !n)) {
      await this.discard(created);
      throw new CarrierRejection('Royal Mail gave no tracking number for the order; nothing was booked');
    }
    return {
      consignmentNumber: numbers[0],
      trackingNumbers: numbers,
      trackingUrl: this.trackingUrl(numbers[0]),
      appliedOptions: {},
      documents: { labelFormat: 'pdf', labels: created.map((o) => Buffer.from(o.label!, 'base64')), customsInvoice: null },
      carrierReference: created.map((o) => String(o.orderIdentifier)).join(';'),
    };
  }

  /** Deletes orders a refused booking left at Click & Drop, so nothing stays half-booked there. */
  private async discard(created: RmCreatedOrder[]): Promise<void> {
    if (created.length) await this.cancel('', { carrierReference: created.map((o) => String(o.orderIdentifier)).join(';') }).catch(() => undefined);
  }

  async cancel(consignmentNumber: string, booked?: { carrierReference?: string | null }): Promise<void> {
    const ids = booked?.carrierReference?.split(';').filter((s) => /^\d+$/.test(s)) ?? [];
    if (ids.length === 0) throw new CarrierRejection(`Royal Mail cannot cancel ${consignmentNumber}: its Click & Drop order is not known`);
    const answer = await this.cd.send({ operation: 'void', method: 'DELETE', idempotent: true, path: `/orders/${ids.join(';')}` });
    if (answer.status === 404 || answer.status === 200) {
      const errors = (answer.body as { errors?: { code?: string; message?: string }[] } | undefined)?.errors ?? [];
      // An order already deleted is gone, which is what cancelling asks for.
      const real = errors.filter((e) => !/not ?found|does not exist|deleted/i.test(`${e.code} ${e.message}`));
      if (answer.status === 404 || real.length === 0) return;
      throw new CarrierRejection(`Royal Mail ${real[0].code}: ${real[0].message}`);
    }
    throw new CarrierRejection(rmRefusal(answer));
  }

  manifest(req: ManifestRequest): Promise<CarrierManifest> {
    return rmManifest(this.cd, this.manifests, req);
  }

  checkAccount(): Promise<AccountCheck> {
    return checkedBy(async () => {
      const answer = await this.cd.send({ operation: 'check', method: 'GET', idempotent: true, path: '/orders', query: { pageSize: '1' } });
      return answer.status === 200 ? undefined : rmRefusal(answer);
    });
  }

  async pollTracking(trackingNumbers: string[], refs: Readonly<Record<string, string | null | undefined>> = {}): Promise<PushedTracking[]> {
    if (this.tracking) return (await this.tracking.summaries(trackingNumbers)).map(trackingOfSummary).filter((t): t is PushedTracking => !!t);
    const wanted = new Set(trackingNumbers);
    const ids = [...new Set(trackingNumbers.flatMap((n) => refs[n]?.split(';') ?? []).filter((s) => /^\d+$/.test(s)))];
    const orders = await this.cd.orders(ids);
    return orders.filter((o) => o.trackingNumber && wanted.has(o.trackingNumber)).map((o) => trackingOfOrder(o.trackingNumber!, o));
  }

  async proofOfDelivery(req: ProofOfDeliveryRequest): Promise<ProofOfDeliveryDocument[]> {
    const sig = this.tracking ? await this.tracking.signature(req.trackingNumber) : undefined;
    return sig ? [{ bytes: Buffer.from(sig.svg, 'utf8'), file_type: 'image/svg+xml', proof_of_delivery_type: 'signature', package_tracking_number: req.trackingNumber }] : [];
  }
}
