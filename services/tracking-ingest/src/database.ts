import type { CarrierSecretsTable } from './secrets/carrier-secret.table';
import type { ParcelsTable, TrackedConsignmentsTable } from './projection/projection.table';
import type { TrackingEventsTable } from './ingest/tracking-event.table';
import type { PodDocumentsTable, PodRequestsTable } from './pod/pod.table';
import type { ParkedEventsTable } from './parking/parked-event.table';
import type { TrackingPageSettingsTable } from './branding/branding.table';

/** Every table of the tracking-ingest service's schema. */
export interface TrackingDb {
  carrier_secrets: CarrierSecretsTable;
  tracked_consignments: TrackedConsignmentsTable;
  parcels: ParcelsTable;
  tracking_events: TrackingEventsTable;
  pod_requests: PodRequestsTable;
  pod_documents: PodDocumentsTable;
  parked_events: ParkedEventsTable;
  tracking_page_settings: TrackingPageSettingsTable;
}
