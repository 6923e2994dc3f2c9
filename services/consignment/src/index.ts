export { startConsignmentService, SCHEMA } from './service';
export { openConsignmentAdmin, type ConsignmentAdmin } from './admin';
export { buildApp, AUDIENCE } from './app';
export { migrations } from './migrations';
export { DEMO_POLICY } from './returns/returns-policy';
