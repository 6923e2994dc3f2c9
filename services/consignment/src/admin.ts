import { openDatabase, migrateToLatest, type DbTarget } from '@waybill/db';
import type { Address } from '@waybill/carriers';
import type { ConsignmentDb } from './database';
import { migrations } from './migrations';
import { enableCarrier, enabledCarrierIds, listWarehouses, upsertSettings, upsertWarehouse, type Warehouse } from './companies/company.repository';
import { SCHEMA } from './service';

/** Operator actions on this service's data, used by the admin CLI and the demo seed. */
export interface ConsignmentAdmin {
  configureCompany(company: string, s: { extraCustomFields?: boolean; trackingEnabled?: boolean }): Promise<void>;
  addWarehouse(company: string, w: { name: string; address: Address; timezone?: string; isDefault?: boolean }): Promise<void>;
  enableCarrier(company: string, carrierId: string): Promise<void>;
  /** Enabled carriers and warehouses: what other services' admin checks references against. */
  lookups(company: string): Promise<{ carrierIds: string[]; warehouses: Warehouse[] }>;
  close(): Promise<void>;
}

export async function openConsignmentAdmin(target: DbTarget): Promise<ConsignmentAdmin> {
  const database = openDatabase<ConsignmentDb>(target, SCHEMA);
  await migrateToLatest(database.db, SCHEMA, migrations);
  const db = database.db;
  return {
    configureCompany: (company, s) => upsertSettings(db, { company, extraCustomFields: s.extraCustomFields ?? false, trackingEnabled: s.trackingEnabled ?? false }),
    addWarehouse: (company, w) => upsertWarehouse(db, { company, name: w.name, address: w.address, timezone: w.timezone ?? 'Europe/London', isDefault: w.isDefault ?? false }),
    enableCarrier: (company, carrierId) => enableCarrier(db, company, carrierId),
    lookups: async (company) => ({ carrierIds: await enabledCarrierIds(db, company), warehouses: await listWarehouses(db, company) }),
    close: () => database.close(),
  };
}
