import {
  capabilityList, CarrierRejection, crossesCustomsBorder, type Address, type Booking, type BookingRequest, type Carrier, type CarrierCapabilities,
  type CarrierManifest, type CarrierServiceDef, type LabelDesign, type ManifestRequest, type ProofOfDeliveryDocument, type TrackingPush,
} from '@waybill/carrier-model';
import type { AccountCarrier, CarrierLinkClient } from './carrier-link.client';

/** A carrier-link older than capabilities describes none: every carrier booked, voided and manifested then. */
const WHAT_EVERY_CARRIER_DID = ['book', 'void', 'manifest'];

const covers = (list: string[] | '*', country: string) => list === '*' || list.includes(country.toUpperCase());

/** A transport failure after the request may have reached carrier-link: the carrier may have booked. */
function unanswered(name: string, err: unknown): CarrierRejection {
  return new CarrierRejection(`${name} could not be reached just now (${(err as Error).message}); try again shortly`, true, true);
}

/**
 * A real carrier as the other services see it: the company's account with it lives in carrier-link,
 * which this Carrier asks for every call (booking, void, manifest). It holds no credential and calls no
 * carrier host; nothing here knows which carrier it stands for.
 */
export class LinkedCarrier implements Carrier {
  readonly identifier: string;
  readonly name: string;
  readonly capabilities: CarrierCapabilities;
  readonly services: CarrierServiceDef[];
  /** Tracking events of real carriers reach tracking-ingest from carrier-link, in the generic shape. */
  readonly trackingCodes = {};
  /**
   * The company's account with the carrier that this Carrier books and manifests through (carrier-link's
   * id); undefined for a carrier standing for past bookings only (`LinkedCarriers.booked`).
   */
  readonly account: string | undefined;
  /** The company never had another account with this carrier, so everything booked with it went through `account`. */
  readonly soleAccount: boolean;
  /** The carrier needs no account: a company uses it once it has enabled it. */
  readonly withoutAccount: boolean;

  constructor(private readonly client: CarrierLinkClient, private readonly company: string, d: Pick<AccountCarrier, 'identifier' | 'name'> & Partial<AccountCarrier>) {
    this.identifier = d.identifier;
    this.name = d.name;
    this.account = d.account ?? undefined;
    this.withoutAccount = d.account === null;
    this.soleAccount = d.sole_account ?? false;
    const c = d.capabilities;
    this.capabilities = { supports: capabilityList(c?.supports ?? WHAT_EVERY_CARRIER_DID), zplNative: c?.zpl_native ?? false, perPackageTracking: c?.per_package_tracking ?? true, options: c?.options ?? [], manifestScope: c?.manifest_scope ?? 'listed' };
    this.services = (d.services ?? []).map((s) => ({ name: s.name, code: s.code, origins: s.origins, destinations: s.destinations, maxParcelWeightKg: s.max_parcel_weight_kg, return: s.return === true }));
  }

  /** The first service declared for the route; the carrier itself refuses a route it does not serve. */
  defaultService(origin: Address, destination: Address): CarrierServiceDef {
    // A return service is never an outbound parcel's default (docs/api/returns.md).
    const outbound = this.services.filter((s) => !s.return);
    const fits = outbound.find((s) => covers(s.origins, origin.country) && covers(s.destinations, destination.country));
    if (fits ?? outbound[0]) return fits ?? outbound[0];
    throw new CarrierRejection(`${this.name}: this company has no enabled ${this.name} account`, false, true);
  }

  requiresCustoms(originCountry: string, destinationCountry: string): boolean {
    return crossesCustomsBorder(originCountry, destinationCountry);
  }

  async book(req: BookingRequest): Promise<Booking> {
    let answer;
    try {
      answer = await this.client.book(this.company, this.identifier, req);
    } catch (err) {
      throw unanswered(this.name, err);
    }
    if (!answer.booked) throw new CarrierRejection(answer.rejection_reason, answer.outcome_unknown, answer.named ?? true);
    return {
      consignmentNumber: answer.consignment_number, trackingNumbers: answer.tracking_numbers, trackingUrl: answer.tracking_url,
      appliedOptions: answer.applied_options ?? {}, account: answer.account,
    };
  }

  /** Voids through carrier-link, which finds the booking by Waybill's consignment identifier. */
  async cancel(consignmentNumber: string, booked?: { consignmentIdentifier?: string }): Promise<void> {
    if (!booked?.consignmentIdentifier) throw new Error(`cancelling a ${this.name} booking needs its consignment identifier`);
    const answer = await this.client.cancel(this.company, booked.consignmentIdentifier, consignmentNumber);
    if (!answer.cancelled) throw new CarrierRejection(answer.rejection_reason, false, true);
  }

  /** An answer whose outcome is unknown is thrown as a transient error: the manifest job asks again. */
  async manifest(req: ManifestRequest): Promise<CarrierManifest> {
    const answer = await this.client.manifest(this.company, this.identifier, req);
    if (!answer.manifested) {
      if (answer.outcome_unknown) throw new Error(answer.rejection_reason);
      throw new CarrierRejection(answer.rejection_reason, false, answer.named ?? true);
    }
    return { reference: answer.reference, scope: answer.scope, document: answer.document ? Buffer.from(answer.document, 'base64') : null };
  }

  /** A real carrier's labels are its own, stored by carrier-link at booking: Waybill draws none for it. */
  labelDesign(): LabelDesign {
    throw new Error(`${this.name} labels are the carrier's own, served by carrier-link`);
  }

  sortCode(): string {
    throw new Error(`${this.name} labels are the carrier's own, served by carrier-link`);
  }

  routingCode(): string {
    throw new Error(`${this.name} labels are the carrier's own, served by carrier-link`);
  }

  parseTrackingPush(_body: unknown): TrackingPush | null {
    return null;
  }

  async proofOfDelivery(): Promise<ProofOfDeliveryDocument[]> {
    throw new Error(`proof of delivery from ${this.name} is retrieved by carrier-link`);
  }
}
