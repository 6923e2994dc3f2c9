export { startTrackingIngestService, SCHEMA, type TrackingServiceOptions } from './service';
export { openTrackingAdmin, type TrackingAdmin } from './admin';
export { buildApp, AUDIENCE } from './app';
export { migrations } from './migrations';
