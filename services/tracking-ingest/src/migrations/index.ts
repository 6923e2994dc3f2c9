import type { Migration } from 'kysely';
import { inboxMigration, outboxMigration } from '@waybill/messaging';
import * as initial from './20260601000000_initial';
import * as trackingPage from './20261126000000_tracking_page';
import * as consignmentNumberLookup from './20261126000100_consignment_number_lookup';
import * as companyIdentifiers from './20261127000000_company_identifiers';
import * as companyIdentifiersContract from './20261127000001_company_identifiers_contract';
import * as erasedConsignments from './20261127220000_erased_consignments';

export const migrations: Record<string, Migration> = {
  '20260601000000_initial': initial,
  '20260601000100_outbox': outboxMigration,
  '20260601000200_inbox': inboxMigration,
  '20261126000000_tracking_page': trackingPage,
  '20261126000100_consignment_number_lookup': consignmentNumberLookup,
  '20261127000000_company_identifiers': companyIdentifiers,
  '20261127000001_company_identifiers_contract': companyIdentifiersContract,
  '20261127220000_erased_consignments': erasedConsignments,
};
