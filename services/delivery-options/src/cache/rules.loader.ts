import type { Kysely } from 'kysely';
import type { DeliveryOptionsDb } from '../database';
import { compileRuleSet, type CompiledRuleSet } from '../engine/compile';
import { listRules } from '../rules/rule.repository';
import { toRule } from '../rules/rule.mapper';
import { DEFAULT_SETTINGS, findSettings } from '../settings/settings.repository';
import { listRateSheets } from '../rate-sheets/rate-sheet.repository';

/** Reads a company's rules, settings and rate sheets and compiles them: what the cache runs on a miss. */
export function rulesLoader(db: Kysely<DeliveryOptionsDb>): (company: string) => Promise<CompiledRuleSet> {
  return async (company) => {
    const [rows, settings, sheets] = await Promise.all([listRules(db, company), findSettings(db, company), listRateSheets(db, company)]);
    return compileRuleSet(rows.map(toRule), settings ?? DEFAULT_SETTINGS, sheets.map((s) => s.definition));
  };
}
