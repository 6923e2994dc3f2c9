export { royalMailAdapter, type RoyalMailAdapterDeps } from './royalmail.adapter';
export { RoyalMailCarrier } from './royalmail.carrier';
export { RM_SERVICES, RM_CREDENTIAL_KEYS, RM_HOSTS, RM_TRACKING_HOSTS, RM_IDENTIFIER, RM_NAME } from './royalmail.profile';
export { RM_EVENT_TABLE, RM_CATEGORY_TABLE, RM_DESPATCH_TABLE, RM_TRACKING_CODES } from './royalmail.tracking';
export * as royalMailSchemas from './royalmail.schemas';
export type * from './royalmail.types';
