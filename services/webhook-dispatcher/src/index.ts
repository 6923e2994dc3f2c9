export { startWebhookDispatcherService, SCHEMA, type DispatcherOptions } from './service';
export { buildApp, AUDIENCE } from './app';
export { migrations } from './migrations';
