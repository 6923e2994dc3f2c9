export { upsAdapter, type UpsAdapterDeps } from './ups.adapter';
export { UpsCarrier } from './ups.carrier';
export { upsPickupRequest } from './ups.pickup';
export { upsLocatorRequest } from './ups.locator';
export { UPS_SERVICES, UPS_CREDENTIAL_KEYS, UPS_HOSTS, UPS_IDENTIFIER, UPS_NAME, UPS_SHIP_VERSION } from './ups.profile';
export { UPS_STATUS_TABLE, UPS_TRACKING_CODES } from './ups.tracking';
export * as upsSchemas from './ups.schemas';
export type * from './ups.types';
