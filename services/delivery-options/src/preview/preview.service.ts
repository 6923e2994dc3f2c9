import type { DeliveryOptionsResponse, DeliveryRule, DeliverySettings } from '@waybill/contracts';
import { SchemaId, validate } from '@waybill/contracts';
import { HttpError, InvalidError } from '@waybill/http';
import { compileRuleSet, type RuleSettings } from '../engine/compile';
import { quoteBasket } from '../quote/delivery-options.service';
import { parseRequest } from '../quote/request';
import type { QuoteDeps } from '../quote/quote.deps';
import { ruleDefinitionFrom } from '../rules/rule.validation';
import { MAX_RULES_PER_COMPANY } from '../rules/rule.service';

/** Field errors of a part of the body, under that part's path (`rules.2.price.base`, `basket.country`). */
function under<T>(prefix: string, errors: Record<string, string[]>, run: () => T): T | undefined {
  try {
    return run();
  } catch (err) {
    if (!(err instanceof InvalidError)) throw err;
    for (const [path, msgs] of Object.entries(err.errors)) errors[path === 'non_field_errors' ? prefix : `${prefix}.${path}`] = msgs;
    return undefined;
  }
}

/**
 * POST delivery-rules/preview: quotes a basket against a proposed rule set (and settings) exactly as
 * delivery options would with those rules saved, and saves nothing. Every rule is checked as a create
 * would check it; all problems come back at once, each under its path in the body.
 */
export async function previewRules(deps: QuoteDeps, company: string, current: () => Promise<RuleSettings>, raw: unknown): Promise<DeliveryOptionsResponse> {
  const shape = validate(SchemaId.DeliveryRulesPreviewInput, raw);
  if (!shape.ok) throw new InvalidError(shape.errors);
  const body = raw as { rules: unknown[]; settings?: DeliverySettings; basket: unknown };
  if (body.rules.length > MAX_RULES_PER_COMPANY) throw new HttpError(400, `rules: at most ${MAX_RULES_PER_COMPANY}.`);
  const catalog = await deps.catalogs.get(company);
  const errors: Record<string, string[]> = {};
  const now = new Date().toISOString();
  const rules = body.rules.map((r, i) => under(`rules.${i}`, errors, () => {
    const d = ruleDefinitionFrom(r, catalog);
    const id = typeof (r as { id?: unknown }).id === 'string' ? (r as { id: string }).id : `proposed-${i + 1}`;
    return { id, ...d, created_at: now, updated_at: now } as DeliveryRule;
  }));
  const basket = under('basket', errors, () => parseRequest(body.basket));
  if (Object.keys(errors).length > 0) throw new InvalidError(errors);
  const saved = await current();
  const settings: RuleSettings = {
    currency: body.settings?.currency?.toUpperCase() ?? saved.currency,
    allocationPreference: body.settings?.allocation_preference ?? saved.allocationPreference,
  };
  const compiled = compileRuleSet(rules as DeliveryRule[], settings, (await deps.rules.get(company)).sheetDefinitions);
  const answer = under('basket', errors, () => quoteBasket(deps, catalog, compiled, basket!));
  if (!answer) throw new InvalidError(errors);
  return answer;
}
