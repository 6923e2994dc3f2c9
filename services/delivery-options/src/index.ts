export { startDeliveryOptionsService, SCHEMA } from './service';
export { openDeliveryOptionsAdmin, type DeliveryOptionsAdmin } from './admin';
export type { CatalogParts } from './directory/catalog';
export { buildApp, AUDIENCE } from './app';
