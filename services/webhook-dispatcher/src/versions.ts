import { join } from 'node:path';
import { EventType } from '@waybill/contracts';
import type { VersionsDeclaration } from '@waybill/http';

/** What this service runs and speaks: reported on /healthz and as metric labels (`declareVersions`). */
export const VERSIONS: VersionsDeclaration = {
  service: 'webhook-dispatcher',
  packageDir: join(__dirname, '..'),
  publishes: [],
  consumes: [EventType.TrackingUpdated, EventType.PodRetrieved, EventType.ConsignmentErased, EventType.ReturnCreated],
};
