import type { Kysely } from 'kysely';
import type { DeliveryRule } from '@waybill/contracts';
import { ConflictError, NotFoundError } from '@waybill/http';
import type { DeliveryOptionsDb } from '../database';
import type { CatalogSource } from '../directory/catalog';
import { countRules, deleteRule, findRule, insertRule, listRules, replaceRule } from './rule.repository';
import { recordRulesChanged } from './rule.events';
import { ruleDefinitionFrom } from './rule.validation';
import { toRule } from './rule.mapper';

/** Enough for any real rate card, and a bound on the work a checkout request can cost. */
export const MAX_RULES_PER_COMPANY = 1000;

export interface RulesDeps {
  db: Kysely<DeliveryOptionsDb>;
  catalogs: CatalogSource;
  /** After a commit that changed rules or settings: drop this replica's compiled copy, publish the event now. */
  changed(company: string): void;
}

export async function listCompanyRules(deps: RulesDeps, company: string): Promise<DeliveryRule[]> {
  return (await listRules(deps.db, company)).map(toRule);
}

export async function getRule(deps: RulesDeps, company: string, id: string): Promise<DeliveryRule> {
  const row = await findRule(deps.db, company, id);
  if (!row) throw new NotFoundError();
  return toRule(row);
}

export async function createRule(deps: RulesDeps, company: string, body: unknown): Promise<DeliveryRule> {
  const definition = ruleDefinitionFrom(body, await deps.catalogs.get(company));
  if (await countRules(deps.db, company) >= MAX_RULES_PER_COMPANY) {
    throw new ConflictError(`A company holds at most ${MAX_RULES_PER_COMPANY} delivery rules; delete or merge some first.`);
  }
  const row = await deps.db.transaction().execute(async (trx) => {
    const inserted = await insertRule(trx, company, definition);
    await recordRulesChanged(trx, company, 'rule.created', inserted.id);
    return inserted;
  });
  deps.changed(company);
  return toRule(row);
}

export async function updateRule(deps: RulesDeps, company: string, id: string, body: unknown): Promise<DeliveryRule> {
  if (!(await findRule(deps.db, company, id))) throw new NotFoundError();
  const definition = ruleDefinitionFrom(body, await deps.catalogs.get(company));
  const row = await deps.db.transaction().execute(async (trx) => {
    const updated = await replaceRule(trx, company, id, definition);
    if (updated) await recordRulesChanged(trx, company, 'rule.updated', id);
    return updated;
  });
  if (!row) throw new NotFoundError();
  deps.changed(company);
  return toRule(row);
}

export async function removeRule(deps: RulesDeps, company: string, id: string): Promise<void> {
  const deleted = await deps.db.transaction().execute(async (trx) => {
    const gone = await deleteRule(trx, company, id);
    if (gone) await recordRulesChanged(trx, company, 'rule.deleted', id);
    return gone;
  });
  if (!deleted) throw new NotFoundError();
  deps.changed(company);
}
