import { join } from 'node:path';
import { EventType } from '@waybill/contracts';
import type { VersionsDeclaration } from '@waybill/http';

/** What this service runs and speaks: reported on /healthz and as metric labels (`declareVersions`). */
export const VERSIONS: VersionsDeclaration = {
  service: 'tracking-ingest',
  packageDir: join(__dirname, '..'),
  publishes: [EventType.TrackingUpdated, EventType.PodRetrieved, EventType.TrackingConsignmentProgressed],
  consumes: [EventType.ConsignmentCreated, EventType.ConsignmentAllocated, EventType.ConsignmentUpdated, EventType.ConsignmentUnallocated, EventType.ConsignmentCancelled, EventType.ConsignmentErased],
};
