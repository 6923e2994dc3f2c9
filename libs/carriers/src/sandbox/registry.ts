import { CarrierRegistry } from '@waybill/carrier-model';
import { SandboxCarrier } from './sandbox-carrier';
import { SANDBOX_PROFILES } from './profiles';

/** The sandbox carriers as carriers, for carrier-link (which serves them like any other) and the conformance suite. */
export function sandboxRegistry(trackingBaseUrl?: string): CarrierRegistry {
  return new CarrierRegistry(SANDBOX_PROFILES.map((p) => new SandboxCarrier(p, trackingBaseUrl)));
}
