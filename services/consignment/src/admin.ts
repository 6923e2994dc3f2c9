import { openDatabase, migrateToLatest, type DbTarget } from '@waybill/db';
import { countryCode, COUNTRY_MESSAGE } from '@waybill/contracts';
import { CarrierRegistry, type Address, type RegisteredCarrier } from '@waybill/carrier-model';
import { InvalidError } from '@waybill/http';
import { SchemaId, validate } from '@waybill/contracts';
import { checkAliases, ServiceAliases } from './aliases/service-aliases';
import { loadAliases, replaceAliases } from './aliases/service-alias.repository';
import type { ConsignmentDb } from './database';
import { migrations } from './migrations';
import { enableCarrier, enabledCarrierIds, listWarehouses, upsertSettings, upsertWarehouse, type Warehouse } from './companies/company.repository';
import { SCHEMA } from './service';
import { checkPolicy, type ReturnsPolicy } from './returns/returns-policy';
import { loadPolicy, savePolicy } from './returns/returns-policy.repository';

/** Operator actions on this service's data, used by the admin CLI and the demo seed. */
export interface ConsignmentAdmin {
  configureCompany(company: string, s: { extraCustomFields?: boolean; trackingEnabled?: boolean }): Promise<void>;
  addWarehouse(company: string, w: { name: string; address: Address; timezone?: string; isDefault?: boolean; cutoff?: string | null }): Promise<void>;
  enableCarrier(company: string, carrierId: string): Promise<void>;
  /** Enabled carriers and warehouses: what other services' admin checks references against. */
  lookups(company: string): Promise<{ carrierIds: string[]; warehouses: Warehouse[] }>;
  /** The company's service aliases, as GET /service-aliases answers them. */
  serviceAliases(company: string): Promise<Record<string, string>>;
  /**
   * Replaces the company's service aliases as PUT /service-aliases does (InvalidError naming each bad key).
   * `carriers.withoutAccount`: the carriers of this deployment that need no account (those the company
   * enabled count); `carriers.accounts`: those of the company's enabled accounts, or null when they could
   * not be listed (a target among none of the other services is then refused as unknown, changing nothing).
   */
  replaceServiceAliases(
    company: string, map: unknown, carriers: { withoutAccount: readonly RegisteredCarrier[]; accounts: readonly RegisteredCarrier[] | null },
  ): Promise<Record<string, string>>;
  /** The company's returns policy, as GET /returns-policy answers it; `stored` says whether one was ever written. */
  returnsPolicy(company: string): Promise<{ policy: ReturnsPolicy; stored: boolean }>;
  /** Replaces the returns policy as PUT /returns-policy does (InvalidError naming the field); `carriers` as for aliases. */
  replaceReturnsPolicy(
    company: string, body: unknown, carriers: { withoutAccount: readonly RegisteredCarrier[]; accounts: readonly RegisteredCarrier[] | null },
  ): Promise<ReturnsPolicy>;
  close(): Promise<void>;
}

export async function openConsignmentAdmin(target: DbTarget): Promise<ConsignmentAdmin> {
  const database = openDatabase<ConsignmentDb>(target, SCHEMA);
  await migrateToLatest(database.db, SCHEMA, migrations);
  const db = database.db;
  return {
    configureCompany: (company, s) => upsertSettings(db, { company, extraCustomFields: s.extraCustomFields ?? false, trackingEnabled: s.trackingEnabled ?? false }),
    addWarehouse: async (company, w) => {
      if (w.cutoff && !/^([01]\d|2[0-3]):[0-5]\d$/.test(w.cutoff)) throw new Error('cutoff: HH:MM, 24-hour, the warehouse\'s local time');
      // Kept as alpha-2 whatever way it was given (IE, IRL, Ireland), as a consignment's countries are.
      const country = countryCode(w.address.country);
      if (!country) throw new Error(`country: ${COUNTRY_MESSAGE}`);
      return upsertWarehouse(db, { company, name: w.name, address: { ...w.address, country }, timezone: w.timezone ?? 'Europe/London', isDefault: w.isDefault ?? false, cutoff: w.cutoff ?? null });
    },
    enableCarrier: (company, carrierId) => enableCarrier(db, company, carrierId),
    lookups: async (company) => ({ carrierIds: await enabledCarrierIds(db, company), warehouses: await listWarehouses(db, company) }),
    serviceAliases: async (company) => new ServiceAliases(await loadAliases(db, company)).toJson(),
    replaceServiceAliases: async (company, map, carriers) => {
      const checked = validate(SchemaId.ServiceAliases, map);
      if (!checked.ok) throw new InvalidError(checked.errors);
      const enabledIds = new Set(await enabledCarrierIds(db, company));
      const enabled = carriers.withoutAccount.filter((c) => enabledIds.has(c.identifier));
      const services = new CarrierRegistry<RegisteredCarrier>([...enabled, ...(carriers.accounts ?? [])]);
      const entries = checkAliases(map as Record<string, string>, { service: (id) => services.findService(id), realCarriersUnavailable: carriers.accounts === null }, () => {
        throw new Error('the company\'s carrier accounts could not be listed (DATA_ENCRYPTION_KEY is not set), so a target among none of its enabled carriers\' services cannot be checked; nothing was changed');
      });
      await replaceAliases(db, company, entries);
      return new ServiceAliases(entries).toJson();
    },
    returnsPolicy: async (company) => {
      const stored = await db.selectFrom('returns_policies').select('company').where('company', '=', company).executeTakeFirst();
      return { policy: await loadPolicy(db, company), stored: stored !== undefined };
    },
    replaceReturnsPolicy: async (company, body, carriers) => {
      const enabledIds = new Set(await enabledCarrierIds(db, company));
      const services = new CarrierRegistry<RegisteredCarrier>([...carriers.withoutAccount.filter((c) => enabledIds.has(c.identifier)), ...(carriers.accounts ?? [])]);
      const warehouses = await listWarehouses(db, company);
      const policy = checkPolicy(body, {
        service: (id) => services.findService(id),
        warehouse: (id) => warehouses.find((w) => `${w.company}|${w.name}`.toLowerCase() === id.toLowerCase() || w.name.toLowerCase() === id.toLowerCase()),
      });
      await savePolicy(db, company, policy);
      return policy;
    },
    close: () => database.close(),
  };
}
