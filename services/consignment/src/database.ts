import type { ConsignmentCountsTable, ConsignmentsTable, StatusHistoryTable } from './consignments/consignment.table';
import type { CompanyCarriersTable, CompanySettingsTable, WarehousesTable } from './companies/company.table';
import type { IdempotencyKeysTable } from './idempotency/idempotency.table';
import type { DashboardDb } from './dashboard/dashboard.table';
import type { CarrierCallAnomaliesTable } from './anomalies/anomaly.table';
import type { ServiceAliasesTable } from './aliases/service-alias.table';
import type { ReturnsPoliciesTable } from './returns/returns-policy.table';
import type { RetentionSettingsTable } from './retention/retention.table';

/** Every table of the consignment service's schema. */
export interface ConsignmentDb extends DashboardDb {
  consignments: ConsignmentsTable;
  consignment_counts: ConsignmentCountsTable;
  status_history: StatusHistoryTable;
  company_settings: CompanySettingsTable;
  warehouses: WarehousesTable;
  company_carriers: CompanyCarriersTable;
  idempotency_keys: IdempotencyKeysTable;
  carrier_call_anomalies: CarrierCallAnomaliesTable;
  service_aliases: ServiceAliasesTable;
  returns_policies: ReturnsPoliciesTable;
  retention_settings: RetentionSettingsTable;
}
