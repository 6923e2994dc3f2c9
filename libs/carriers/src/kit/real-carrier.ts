import type { BookingLabelFormat, CarrierAdapter, CredentialKey } from '../accounts';
import {
  CarrierRejection, type AccountCheck, type Address, type Booking, type BookingRequest, type Carrier, type CarrierCapabilities,
  type CarrierManifest, type CarrierServiceDef, type ManifestRequest,
} from '@waybill/carrier-model';
import { crossesCustomsBorder } from '@waybill/carrier-model';
import type { LabelDesign, RoutingInput } from '@waybill/carrier-model';
import type { ProofOfDeliveryDocument, ProofOfDeliveryRequest, PushedTracking, TrackingPush, TrackingStatus } from '@waybill/carrier-model';

/** What a real carrier integration states about itself, apart from its calls: the same for every account. */
export interface CarrierProfile<S extends CarrierServiceDef = CarrierServiceDef> {
  identifier: string;
  name: string;
  services: S[];
  capabilities: CarrierCapabilities;
  credentialKeys: readonly CredentialKey[];
  /** The formats it can produce labels in at booking; the first is the default. */
  bookingLabelFormats: readonly BookingLabelFormat[];
  trackingCodes: Readonly<Record<string, TrackingStatus>>;
  /** Reads the carrier's native push body; none: the carrier pushes nothing (its events are polled). */
  parseTrackingPush?(body: unknown): TrackingPush | null;
  /** Why the service cannot carry from one country to another (upper-case codes); undefined when it can. */
  routeProblem(service: S, from: string, to: string): string | undefined;
  labelDesign: LabelDesign;
  sortCode(destination: Address): string;
  routingCode(input: RoutingInput): string;
}

/** The members of a carrier's adapter that its profile states; the adapter adds how it opens an account. */
export function adapterOf(profile: CarrierProfile): Omit<CarrierAdapter, 'forAccount'> {
  return {
    identifier: profile.identifier,
    name: profile.name,
    services: profile.services,
    capabilities: profile.capabilities,
    credentialKeys: profile.credentialKeys,
    bookingLabelFormats: profile.bookingLabelFormats,
    tracking: { trackingCodes: profile.trackingCodes, parseTrackingPush: profile.parseTrackingPush ?? (() => null) },
  };
}

/**
 * The skeleton of a real carrier bound to one account: what its profile answers (identity, services and
 * the default one, customs, the label's design and codes, its push format), the checks every booking
 * starts with, and the tracking page's address. A carrier adds its calls: book, cancel, manifest, the
 * account check, tracking and proof of delivery.
 */
export abstract class RealCarrier<S extends CarrierServiceDef = CarrierServiceDef> implements Carrier {
  readonly identifier: string;
  readonly name: string;
  readonly services: CarrierServiceDef[];
  readonly capabilities: CarrierCapabilities;
  readonly trackingCodes: Readonly<Record<string, TrackingStatus>>;

  protected constructor(private readonly profile: CarrierProfile<S>, private readonly trackingBaseUrl: string) {
    this.identifier = profile.identifier;
    this.name = profile.name;
    this.services = profile.services;
    this.capabilities = profile.capabilities;
    this.trackingCodes = profile.trackingCodes;
  }

  abstract book(req: BookingRequest): Promise<Booking>;
  abstract cancel(consignmentNumber: string, booked?: { carrierReference?: string | null }): Promise<void>;
  abstract manifest(req: ManifestRequest): Promise<CarrierManifest>;
  abstract checkAccount(): Promise<AccountCheck>;
  abstract pollTracking(trackingNumbers: string[], refs?: Readonly<Record<string, string | null | undefined>>): Promise<PushedTracking[]>;
  abstract proofOfDelivery(req: ProofOfDeliveryRequest): Promise<ProofOfDeliveryDocument[]>;

  defaultService(origin: Address, destination: Address): CarrierServiceDef {
    const from = origin.country.toUpperCase();
    const to = destination.country.toUpperCase();
    // A return service is never an outbound parcel's default (docs/api/returns.md).
    const outbound = this.profile.services.filter((s) => !s.return);
    return outbound.find((s) => !this.profile.routeProblem(s, from, to)) ?? outbound[0];
  }

  requiresCustoms(originCountry: string, destinationCountry: string): boolean {
    return crossesCustomsBorder(originCountry, destinationCountry);
  }

  parseTrackingPush(body: unknown): TrackingPush | null {
    return this.profile.parseTrackingPush?.(body) ?? null;
  }

  labelDesign(): LabelDesign {
    return this.profile.labelDesign;
  }

  sortCode(destination: Address): string {
    return this.profile.sortCode(destination);
  }

  routingCode(input: RoutingInput): string {
    return this.profile.routingCode(input);
  }

  /** The service a booking names; a CarrierRejection when the carrier has none by that name or it does not serve the route. */
  protected serviceOf(req: BookingRequest): S {
    const service = this.profile.services.find((s) => s.name === req.serviceName);
    if (!service) throw new CarrierRejection(`${this.name} has no service "${req.serviceName}"`);
    const problem = this.profile.routeProblem(service, req.origin.country.toUpperCase(), req.destination.country.toUpperCase());
    if (problem) throw new CarrierRejection(problem);
    return service;
  }

  /** Waybill's public tracking page of a booking. */
  protected trackingUrl(trackingNumber: string): string {
    return `${this.trackingBaseUrl}/track/${this.identifier}/${trackingNumber}`;
  }

  /**
   * For a carrier that takes each shipment's data at booking and has no manifest to submit: the
   * collection manifest is Waybill's own document for the driver, under `<prefix>-<manifest id>`.
   */
  protected ownManifest(req: ManifestRequest, prefix: string): CarrierManifest {
    if (req.consignments.length === 0) throw new CarrierRejection('a manifest needs at least one consignment');
    return { reference: `${prefix}-${req.manifestId}` };
  }
}
