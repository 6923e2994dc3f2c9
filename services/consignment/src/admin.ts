import { openDatabase, migrateToLatest, type DbTarget } from '@waybill/db';
import { countryCode, COUNTRY_MESSAGE } from '@waybill/contracts';
import type { Address } from '@waybill/carriers';
import type { ConsignmentDb } from './database';
import { migrations } from './migrations';
import { enableCarrier, enabledCarrierIds, listWarehouses, upsertSettings, upsertWarehouse, type Warehouse } from './companies/company.repository';
import { SCHEMA } from './service';

/** Operator actions on this service's data, used by the admin CLI and the demo seed. */
export interface ConsignmentAdmin {
  configureCompany(company: string, s: { extraCustomFields?: boolean; trackingEnabled?: boolean }): Promise<void>;
  addWarehouse(company: string, w: { name: string; address: Address; timezone?: string; isDefault?: boolean; cutoff?: string | null }): Promise<void>;
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
    addWarehouse: (company, w) => {
      if (w.cutoff && !/^([01]\d|2[0-3]):[0-5]\d$/.test(w.cutoff)) throw new Error('cutoff: HH:MM, 24-hour, the warehouse\'s local time');
      // Kept as alpha-2 whatever way it was given (IE, IRL, Ireland), as a consignment's countries are.
      const country = countryCode(w.address.country);
      if (!country) throw new Error(`country: ${COUNTRY_MESSAGE}`);
      return upsertWarehouse(db, { company, name: w.name, address: { ...w.address, country }, timezone: w.timezone ?? 'Europe/London', isDefault: w.isDefault ?? false, cutoff: w.cutoff ?? null });
    },
    enableCarrier: (company, carrierId) => enableCarrier(db, company, carrierId),
    lookups: async (company) => ({ carrierIds: await enabledCarrierIds(db, company), warehouses: await listWarehouses(db, company) }),
    close: () => database.close(),
  };
}
