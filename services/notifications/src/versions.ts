import { join } from 'node:path';
import { EventType } from '@waybill/contracts';
import type { VersionsDeclaration } from '@waybill/http';

/** What this service runs and speaks: reported on /healthz and as metric labels (`declareVersions`). */
export const VERSIONS: VersionsDeclaration = {
  service: 'notifications',
  packageDir: join(__dirname, '..'),
  publishes: [],
  consumes: [
    EventType.ConsignmentCreated, EventType.ConsignmentUpdated, EventType.ConsignmentAllocated, EventType.ConsignmentUnallocated,
    EventType.ConsignmentCancelled, EventType.ConsignmentStatusChanged, EventType.TrackingUpdated,
    EventType.ConsignmentErased,
  ],
};
