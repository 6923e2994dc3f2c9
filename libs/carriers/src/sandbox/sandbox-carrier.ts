import { createHash, randomInt } from 'node:crypto';
import {
  CarrierRejection, type Address, type Booking, type BookingRequest, type Carrier, type CarrierCapabilities, type CarrierManifest,
  type CarrierServiceDef, type ManifestRequest,
} from '@waybill/carrier-model';
import { crossesCustomsBorder } from '@waybill/carrier-model';
import type { ProofOfDeliveryDocument, ProofOfDeliveryRequest, TrackingPush, TrackingStatus } from '@waybill/carrier-model';
import { validatePostcode } from './postcodes';
import type { LabelDesign, RoutingInput } from '@waybill/carrier-model';
import { SANDBOX_LABEL_SPECS } from './sandbox-labels';
import { doorstepPng, signatureSvg } from './sandbox-pod';
import { SANDBOX_TRACKING, type SandboxTracking } from './sandbox-tracking';
import { sandboxPickups } from './sandbox-pickups';
import { sandboxPoints } from './sandbox-points';
import type { CarrierPickups, CarrierServicePoints, ServicePointType } from '@waybill/carrier-model';

/**
 * Sandbox trigger, documented like a payment sandbox's test card numbers: the sandbox carriers book
 * parcels to this (well-formed, unassigned) GB postcode, but refuse any manifest holding one, as a real
 * carrier refuses a manifest into an area under a delivery embargo. It lets integrators (and the test
 * suite) exercise a carrier refusing a manifest without any special switch in the platform.
 */
export const SANDBOX_EMBARGO_POSTCODE = 'ZZ9 9ZZ';

const normalisePostcode = (p: string) => p.replace(/\s+/g, '').toUpperCase();

/** What distinguishes one sandbox carrier from another; the behaviour is shared. */
export interface SandboxProfile {
  identifier: string;
  name: string;
  capabilities: CarrierCapabilities;
  services: CarrierServiceDef[];
  /** Customs documents on routes that cross a customs border. */
  customsOnBorder: boolean;
  trackingNumber: () => string;
  consignmentNumber: (firstTracking: string) => string;
  /** The kinds of service point the carrier runs, for carriers that declare `service_points`. */
  pointKinds?: readonly ServicePointType[];
}

export function digits(n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += randomInt(10).toString();
  return s;
}

function serves(list: string[] | '*', country: string): boolean {
  return list === '*' || list.includes(country.toUpperCase());
}

/**
 * A carrier that behaves like a real one (refusals, numbers, cancellation) without any network access,
 * so the demo and the tests exercise every path a real integration has.
 */
export class SandboxCarrier implements Carrier {
  readonly identifier: string;
  readonly name: string;
  readonly capabilities: CarrierCapabilities;
  readonly services: CarrierServiceDef[];
  readonly trackingCodes: Readonly<Record<string, TrackingStatus>>;
  readonly pickups?: CarrierPickups;
  readonly servicePoints?: CarrierServicePoints;
  private readonly tracking: SandboxTracking;

  constructor(private readonly profile: SandboxProfile, private readonly trackingBaseUrl = 'http://localhost:8080') {
    this.identifier = profile.identifier;
    this.name = profile.name;
    this.capabilities = profile.capabilities;
    this.services = profile.services;
    this.tracking = SANDBOX_TRACKING[profile.identifier] ?? { codes: {}, pod: ['signature'] };
    this.trackingCodes = this.tracking.codes;
    if (profile.capabilities.supports.includes('collections')) this.pickups = sandboxPickups(profile.identifier, profile.name);
    if (profile.pointKinds) this.servicePoints = sandboxPoints(profile.identifier, profile.name, profile.pointKinds);
  }

  defaultService(origin: Address, destination: Address): CarrierServiceDef {
    // A return service is never an outbound parcel's default (docs/api/returns.md).
    const outbound = this.services.filter((s) => !s.return);
    const fit = outbound.find((s) => serves(s.origins, origin.country) && serves(s.destinations, destination.country));
    return fit ?? outbound[0];
  }

  requiresCustoms(originCountry: string, destinationCountry: string): boolean {
    return this.profile.customsOnBorder && crossesCustomsBorder(originCountry, destinationCountry);
  }

  async book(req: BookingRequest): Promise<Booking> {
    const service = this.services.find((s) => s.name === req.serviceName);
    if (!service) throw new CarrierRejection(`${this.name} has no service "${req.serviceName}"`);
    const from = req.origin.country.toUpperCase();
    const to = req.destination.country.toUpperCase();
    if (!serves(service.origins, from)) throw new CarrierRejection(`${service.name} does not collect from ${from}`);
    if (!serves(service.destinations, to)) throw new CarrierRejection(`${service.name} does not deliver to ${to}`);
    const postcodeProblem = validatePostcode(to, req.destination.postcode);
    if (postcodeProblem) throw new CarrierRejection(postcodeProblem);
    req.parcels.forEach((p, i) => {
      if (p.weightKg !== null && p.weightKg > service.maxParcelWeightKg) {
        throw new CarrierRejection(
          `package ${i + 1} weighs ${p.weightKg} kg, over the ${service.maxParcelWeightKg} kg limit of ${service.name}`,
        );
      }
    });
    const count = Math.max(1, req.parcels.length);
    const first = this.profile.trackingNumber();
    const trackingNumbers = this.capabilities.perPackageTracking
      ? [first, ...Array.from({ length: count - 1 }, () => this.profile.trackingNumber())]
      : Array.from({ length: count }, () => first);
    const appliedOptions = Object.fromEntries(
      Object.entries(req.options).filter(([k]) => this.capabilities.options.includes(k)),
    );
    return {
      consignmentNumber: this.profile.consignmentNumber(first),
      trackingNumbers,
      trackingUrl: `${this.trackingBaseUrl}/track/${this.identifier}/${first}`,
      appliedOptions,
    };
  }

  async cancel(consignmentNumber: string): Promise<void> {
    if (!consignmentNumber) throw new Error('cancel needs a consignment number');
  }

  async manifest(req: ManifestRequest): Promise<CarrierManifest> {
    if (req.consignments.length === 0) throw new CarrierRejection('a manifest needs at least one consignment');
    const missing = req.consignments.find((c) => !c.consignmentNumber);
    if (missing) throw new CarrierRejection('every consignment on a manifest needs its consignment number');
    const embargoed = req.consignments.find((c) => normalisePostcode(c.destination.postcode) === normalisePostcode(SANDBOX_EMBARGO_POSTCODE));
    if (embargoed) {
      throw new CarrierRejection(`deliveries to ${embargoed.destination.postcode} are under an embargo; consignment ${embargoed.consignmentNumber} cannot be collected`);
    }
    // Derived from the manifest id, so submitting the same manifest again answers the same reference.
    const digest = createHash('sha256').update(`${this.identifier}\u0000${req.company}\u0000${req.manifestId}`).digest('hex');
    return { reference: `${this.identifier.slice(0, 3).toUpperCase()}M${BigInt(`0x${digest.slice(0, 15)}`).toString().padStart(18, '0').slice(0, 12)}` };
  }

  // Label members (labels.ts): each sandbox carrier's own label specification, by identifier.
  labelDesign(service: CarrierServiceDef): LabelDesign {
    const spec = SANDBOX_LABEL_SPECS[this.identifier];
    return spec ? spec.design(service) : { ...SANDBOX_LABEL_SPECS.generic.design(service), brand: this.name.toUpperCase() };
  }

  sortCode(destination: Address, service: CarrierServiceDef): string {
    return (SANDBOX_LABEL_SPECS[this.identifier] ?? SANDBOX_LABEL_SPECS.generic).sortCode(destination, service);
  }

  routingCode(input: RoutingInput): string {
    return (SANDBOX_LABEL_SPECS[this.identifier] ?? SANDBOX_LABEL_SPECS.generic).routingCode(input);
  }

  parseTrackingPush(body: unknown): TrackingPush | null {
    return this.tracking.parseNative?.(body) ?? null;
  }

  async proofOfDelivery(req: ProofOfDeliveryRequest): Promise<ProofOfDeliveryDocument[]> {
    const perPackage = this.capabilities.perPackageTracking ? { package_tracking_number: req.trackingNumber } : {};
    return this.tracking.pod.map((kind): ProofOfDeliveryDocument => (kind === 'signature'
      ? { bytes: signatureSvg(req.trackingNumber), file_type: 'image/svg+xml', proof_of_delivery_type: 'signature', ...perPackage }
      : { bytes: doorstepPng(req.trackingNumber), file_type: 'image/png', proof_of_delivery_type: 'image', ...perPackage }));
  }
}
