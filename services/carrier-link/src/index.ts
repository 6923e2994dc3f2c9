export { startCarrierLinkService, SCHEMA, type CarrierLinkOptions } from './service';
export { buildApp, AUDIENCE } from './app';
export { resealCredentials } from './accounts/account.reseal';
export { migrations } from './migrations';
export { openCarrierLinkAdmin, type CarrierLinkAdmin } from './accounts/account.admin';
