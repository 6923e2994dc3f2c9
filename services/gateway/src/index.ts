export { startGateway, SCHEMA, type GatewayOptions } from './service';
export { openGatewayAdmin, type GatewayAdmin } from './admin';
export { buildGatewayApp } from './app';
export { migrations } from './migrations';
