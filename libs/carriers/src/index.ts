export * from './carrier';
export * from './tracking';
export { crossesCustomsBorder, customsTerritory, isEuCountry, EU_COUNTRIES } from './customs';
export { CarrierRegistry, sandboxRegistry, serviceId } from './registry';
export { SandboxCarrier, SANDBOX_EMBARGO_POSTCODE, type SandboxProfile } from './sandbox/sandbox-carrier';
export { SANDBOX_PROFILES } from './sandbox/profiles';
export type { CarrierLabels, LabelDesign, RoutingInput, RoutingSymbology } from './labels';
export * from './outbound';
export * from './accounts';
