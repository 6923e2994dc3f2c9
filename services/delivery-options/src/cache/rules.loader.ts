import type { Kysely } from 'kysely';
import type { DeliveryOptionsDb } from '../database';
import { compileRuleSet, type CompiledRuleSet } from '../engine/compile';
import { listRules } from '../rules/rule.repository';
import { toRule } from '../rules/rule.mapper';
import { DEFAULT_SETTINGS, findSettings } from '../settings/settings.repository';

/** Reads a company's rules and settings and compiles them: what the cache runs on a miss. */
export function rulesLoader(db: Kysely<DeliveryOptionsDb>): (company: string) => Promise<CompiledRuleSet> {
  return async (company) => {
    const [rows, settings] = await Promise.all([listRules(db, company), findSettings(db, company)]);
    return compileRuleSet(rows.map(toRule), settings ?? DEFAULT_SETTINGS);
  };
}
