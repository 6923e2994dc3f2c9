export { startManifestService, SCHEMA, type ManifestServiceOptions } from './service';
export { buildApp, AUDIENCE } from './app';
