import { join } from 'node:path';
import { EventType } from '@waybill/contracts';
import type { VersionsDeclaration } from '@waybill/http';

/** What this service runs and speaks: reported on /healthz and as metric labels (`declareVersions`). */
export const VERSIONS: VersionsDeclaration = {
  service: 'consignment',
  packageDir: join(__dirname, '..'),
  publishes: [EventType.ConsignmentCreated, EventType.ConsignmentUpdated, EventType.ConsignmentAllocated, EventType.ConsignmentUnallocated, EventType.ConsignmentCancelled, EventType.ConsignmentStatusChanged, EventType.ReturnCreated],
  consumes: [EventType.DocumentsLabelsPrinted, EventType.TrackingConsignmentProgressed, EventType.ManifestFailed,
    // Its own events, for the dashboard's read model (src/dashboard).
    EventType.ConsignmentCreated, EventType.ConsignmentUpdated, EventType.ConsignmentAllocated, EventType.ConsignmentUnallocated, EventType.ConsignmentCancelled, EventType.ConsignmentStatusChanged],
};
