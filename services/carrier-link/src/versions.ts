import { join } from 'node:path';
import type { VersionsDeclaration } from '@waybill/http';

/** What this service runs and speaks: reported on /healthz and as metric labels (`declareVersions`). It takes work by internal HTTP and its own jobs, no events. */
export const VERSIONS: VersionsDeclaration = {
  service: 'carrier-link',
  packageDir: join(__dirname, '..'),
  publishes: [],
  consumes: [],
};
