import type { CarrierAccountsTable } from './accounts/account.table';
import type { BookedLabelsTable, BookingsTable, CallAnomaliesTable } from './bookings/booking.table';
import type { CarrierManifestsTable } from './manifests/manifest.table';
import type { TrackingPollLeasesTable, TrackingPollsTable } from './tracking/poll.table';
import type { InboxTable, OutboxTable } from '@waybill/messaging';
import type { CarrierCallsTable } from './calls/call.table';
import type { CollectionsTable } from './collections/collection.table';

/** Every table of the carrier-link service's schema. */
export interface CarrierLinkDb {
  carrier_accounts: CarrierAccountsTable;
  bookings: BookingsTable;
  booked_labels: BookedLabelsTable;
  call_anomalies: CallAnomaliesTable;
  carrier_manifests: CarrierManifestsTable;
  tracking_polls: TrackingPollsTable;
  tracking_poll_leases: TrackingPollLeasesTable;
  outbox: OutboxTable;
  inbox: InboxTable;
  carrier_calls: CarrierCallsTable;
  collections: CollectionsTable;
}
