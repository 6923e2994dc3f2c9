import { CarrierRegistry, realCarrierAdapters, sandboxRegistry } from '@waybill/carriers';
import type { ServiceClient } from '@waybill/http';
import { linkedCarrier } from './linked-carrier';
import type { TrackedCarrier, TrackedCarriers } from './tracked-carrier';

/** Every carrier whose tracking this deployment takes in: the sandbox carriers and the real ones. */
export function trackedCarriers(publicUrl: string, carrierLink: ServiceClient): TrackedCarriers {
  const real = realCarrierAdapters({ trackingBaseUrl: publicUrl }).map((a) => linkedCarrier(a, carrierLink));
  return new CarrierRegistry<TrackedCarrier>([...sandboxRegistry(publicUrl).carriers, ...real]);
}
