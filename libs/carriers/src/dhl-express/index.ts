export { dhlExpressAdapter, type DhlExpressAdapterDeps } from './dhl.adapter';
export { DhlExpressCarrier } from './dhl.carrier';
export { DHL_SERVICES, DHL_CREDENTIAL_KEYS, DHL_HOSTS, DHL_IDENTIFIER, DHL_NAME, DHL_API_VERSION, DHL_INTERFACE_VERSION } from './dhl.profile';
export { DHL_EVENT_TABLE, DHL_TRACKING_CODES } from './dhl.tracking';
export { plannedShippingTime } from './dhl.planned-time';
export * as dhlExpressSchemas from './dhl.schemas';
export { pickupRequestSchema as dhlPickupRequestSchema } from './dhl.pickup.schema';
export { dhlPickupRequest } from './dhl.pickup';
export type * from './dhl.types';
