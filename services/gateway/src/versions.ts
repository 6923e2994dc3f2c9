import { join } from 'node:path';
import type { VersionsDeclaration } from '@waybill/http';

/** What this service runs and speaks: reported on /healthz and as metric labels (`declareVersions`). */
export const VERSIONS: VersionsDeclaration = {
  service: 'gateway',
  packageDir: join(__dirname, '..'),
  publishes: [],
  consumes: [],
};
