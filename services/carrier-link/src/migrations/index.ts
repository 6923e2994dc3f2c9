import type { Migration } from 'kysely';
import * as accounts from './20261126000000_carrier_accounts';
import * as bookings from './20261126000100_bookings';
import * as carrierReference from './20261126000200_booking_carrier_reference';
import * as carrierManifests from './20261126000300_carrier_manifests';
import * as requestHash from './20261126000400_booking_request_hash';
import * as trackingPolls from './20261126000700_tracking_polls';
import * as carrierCalls from './20261127180000_carrier_calls';
import * as openCarriers from './20261127190000_open_carriers';
import * as collections from './20261127235000_collections';
import { inboxMigration, outboxMigration } from '@waybill/messaging';

export const migrations: Record<string, Migration> = {
  '20261126000000_carrier_accounts': accounts,
  '20261126000100_bookings': bookings,
  '20261126000200_booking_carrier_reference': carrierReference,
  '20261126000300_carrier_manifests': carrierManifests,
  '20261126000400_booking_request_hash': requestHash,
  '20261126000700_tracking_polls': trackingPolls,
  '20261126000800_outbox': outboxMigration,
  '20261127180000_carrier_calls': carrierCalls,
  '20261127190000_open_carriers': openCarriers,
  // The inbox of the erasure consumer (src/erasure): each consignment.consignment.erased handled once.
  '20261127220000_inbox': inboxMigration,
  '20261127235000_collections': collections,
};
