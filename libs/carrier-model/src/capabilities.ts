/**
 * What a carrier does, by name: each carrier declares the list (`CarrierCapabilities.supports`), the
 * public `GET /carriers` shows it, and the console, allocation and delivery options consult it rather
 * than any carrier's name. A carrier that lacks one is never asked for it.
 */
export const CARRIER_CAPABILITIES = [
  'book', 'void', 'manifest', 'tracking_push', 'tracking_poll', 'proof_of_delivery', 'rates', 'returns', 'collections', 'service_points',
] as const;

export type CarrierCapability = (typeof CARRIER_CAPABILITIES)[number];

/** Whether a carrier (as a carrier object, or as the list the port describes it with) declares the capability. */
export function hasCapability(supports: readonly string[] | undefined, capability: CarrierCapability): boolean {
  return (supports ?? []).includes(capability);
}

/** The declared list in the order of CARRIER_CAPABILITIES, without repeats or unknown names. */
export function capabilityList(declared: Iterable<string>): CarrierCapability[] {
  const given = new Set(declared);
  return CARRIER_CAPABILITIES.filter((c) => given.has(c));
}
