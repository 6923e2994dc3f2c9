import type { Migration } from 'kysely';
import { inboxMigration, outboxMigration } from '@waybill/messaging';
import * as initial from './20260101000000_initial';
import * as manifestId from './20260115000000_manifest_id';
import * as trackedAt from './20260601000000_tracked_at';
import * as consignmentCounts from './20261122020000_consignment_counts';
import * as listOrder from './20261122040000_list_order';
import * as idempotencyResponseJson from './20261124000000_idempotency_response_json';
import * as dashboard from './20261126000000_dashboard';
import * as carrierCallAnomalies from './20261126010000_carrier_call_anomalies';
import * as warehouseCutoff from './20261126020000_warehouse_cutoff';
import * as carrierAccount from './20261126030000_carrier_account';
import * as companyIdentifiers from './20261127000000_company_identifiers';
import * as companyIdentifiersContract from './20261127000001_company_identifiers_contract';
import * as serviceAliases from './20261127000100_service_aliases';
import * as dashboardLate from './20261127180000_dashboard_late';
import * as retention from './20261127220000_retention';
import * as returns from './20261127230000_returns';

export const migrations: Record<string, Migration> = {
  '20260101000000_initial': initial,
  '20260101000100_outbox': outboxMigration,
  '20260101000200_inbox': inboxMigration,
  '20260115000000_manifest_id': manifestId,
  '20260601000000_tracked_at': trackedAt,
  '20261122020000_consignment_counts': consignmentCounts,
  '20261122040000_list_order': listOrder,
  '20261124000000_idempotency_response_json': idempotencyResponseJson,
  '20261126000000_dashboard': dashboard,
  '20261126010000_carrier_call_anomalies': carrierCallAnomalies,
  '20261126020000_warehouse_cutoff': warehouseCutoff,
  '20261126030000_carrier_account': carrierAccount,
  '20261127000000_company_identifiers': companyIdentifiers,
  '20261127000001_company_identifiers_contract': companyIdentifiersContract,
  '20261127000100_service_aliases': serviceAliases,
  '20261127180000_dashboard_late': dashboardLate,
  '20261127220000_retention': retention,
  '20261127230000_returns': returns,
};
