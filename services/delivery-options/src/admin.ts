import { openDatabase, migrateToLatest, type DbTarget } from '@waybill/db';
import type { DeliveryRule, DeliverySettings, RateSheet } from '@waybill/contracts';
import type { DeliveryOptionsDb } from './database';
import { migrations } from './migrations';
import { SCHEMA } from './service';
import { buildCatalog, type CatalogParts } from './directory/catalog';
import { createRule, listCompanyRules, removeRule, updateRule, type RulesDeps } from './rules/rule.service';
import { ruleDefinitionFrom } from './rules/rule.validation';
import { insertRule } from './rules/rule.repository';
import { recordRulesChanged } from './rules/rule.events';
import { getSettings, toApiSettings, updateSettings } from './settings/settings.service';
import { findSettings, saveSettings } from './settings/settings.repository';
import { importRateSheet, listCompanyRateSheets } from './rate-sheets/rate-sheet.service';

/**
 * Operator actions on delivery rules, used by the admin CLI and the demo seed. The caller passes what
 * the consignment service's data says the company ships with (the CLI reads it there), since rules
 * may only name enabled services and existing warehouses. Every change writes the rules-changed event
 * to the outbox, so running replicas drop their compiled copy once their relay publishes it.
 */
export interface DeliveryOptionsAdmin {
  listRules(company: string): Promise<DeliveryRule[]>;
  addRule(company: string, body: unknown, catalog: CatalogParts): Promise<DeliveryRule>;
  replaceRule(company: string, id: string, body: unknown, catalog: CatalogParts): Promise<DeliveryRule>;
  removeRule(company: string, id: string): Promise<void>;
  settings(company: string): Promise<Required<DeliverySettings>>;
  updateSettings(company: string, body: unknown): Promise<Required<DeliverySettings>>;
  listRateSheets(company: string): Promise<RateSheet[]>;
  /** A service's sheet from CSV (docs/api/rates.md#csv), replacing the one it has; `created` says which happened. */
  importRateSheet(company: string, body: { service_id: string; csv: string; identifier?: string; currency?: string; volumetric_divisor?: number | null }, catalog: CatalogParts): Promise<{ sheet: RateSheet; created: boolean }>;
  /** Gives a company its first rules and settings; does nothing once it has settings (a re-seed keeps edits). */
  seedRules(company: string, rules: readonly unknown[], settings: Required<DeliverySettings>, catalog: CatalogParts): Promise<boolean>;
  close(): Promise<void>;
}

export async function openDeliveryOptionsAdmin(target: DbTarget): Promise<DeliveryOptionsAdmin> {
  const database = openDatabase<DeliveryOptionsDb>(target, SCHEMA);
  await migrateToLatest(database.db, SCHEMA, migrations);
  const db = database.db;
  const deps = (company: string, parts: CatalogParts = { services: [], warehouses: [] }): RulesDeps => ({
    db, catalogs: { get: async () => buildCatalog(company, parts) }, changed: () => undefined,
  });
  return {
    listRules: (company) => listCompanyRules(deps(company), company),
    addRule: (company, body, parts) => createRule(deps(company, parts), company, body),
    replaceRule: (company, id, body, parts) => updateRule(deps(company, parts), company, id, body),
    removeRule: (company, id) => removeRule(deps(company), company, id),
    settings: async (company) => toApiSettings(await getSettings(deps(company), company)),
    updateSettings: async (company, body) => toApiSettings(await updateSettings(deps(company), company, body)),
    listRateSheets: (company) => listCompanyRateSheets(deps(company), company),
    importRateSheet: (company, body, parts) => importRateSheet(deps(company, parts), company, body),
    seedRules: async (company, rules, settings, parts) => {
      const catalog = buildCatalog(company, parts);
      const definitions = rules.map((r) => ruleDefinitionFrom(r, catalog));
      return db.transaction().execute(async (trx) => {
        if (await findSettings(trx, company)) return false;
        await saveSettings(trx, company, { currency: settings.currency, allocationPreference: settings.allocation_preference });
        for (const d of definitions) await insertRule(trx, company, d);
        await recordRulesChanged(trx, company, 'settings.updated', null);
        return true;
      });
    },
    close: () => database.close(),
  };
}
