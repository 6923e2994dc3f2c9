import { join } from 'node:path';
import { EventType } from '@waybill/contracts';
import type { VersionsDeclaration } from '@waybill/http';

/** What this service runs and speaks: reported on /healthz and as metric labels (`declareVersions`). */
export const VERSIONS: VersionsDeclaration = {
  service: 'carrier-link',
  packageDir: join(__dirname, '..'),
  // Polled tracking events, through its outbox; its own work comes by internal HTTP and its job queue.
  publishes: [EventType.CarrierTrackingPolled],
  // consignment.consignment.erased: the erased consignment's call bodies and stored labels go (src/erasure).
  consumes: [EventType.ConsignmentErased],
};
