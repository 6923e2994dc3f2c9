import type { DeliverySettings } from '@waybill/contracts';
import { InvalidError } from '@waybill/http';
import { SchemaId, validate } from '@waybill/contracts';
import type { RulesDeps } from '../rules/rule.service';
import { recordRulesChanged } from '../rules/rule.events';
import type { RuleSettings } from '../engine/compile';
import { DEFAULT_SETTINGS, findSettings, saveSettings } from './settings.repository';

export function toApiSettings(s: RuleSettings): Required<DeliverySettings> {
  return { allocation_preference: s.allocationPreference, currency: s.currency };
}

export async function getSettings(deps: Pick<RulesDeps, 'db'>, company: string): Promise<RuleSettings> {
  return (await findSettings(deps.db, company)) ?? DEFAULT_SETTINGS;
}

/** Either field alone may be sent; the other keeps its value. */
export async function updateSettings(deps: RulesDeps, company: string, body: unknown): Promise<RuleSettings> {
  const result = validate(SchemaId.DeliverySettings, body);
  if (!result.ok) throw new InvalidError(result.errors);
  const input = body as DeliverySettings;
  const current = await getSettings(deps, company);
  const next: RuleSettings = {
    currency: input.currency?.toUpperCase() ?? current.currency,
    allocationPreference: input.allocation_preference ?? current.allocationPreference,
  };
  await deps.db.transaction().execute(async (trx) => {
    await saveSettings(trx, company, next);
    await recordRulesChanged(trx, company, 'settings.updated', null);
  });
  deps.changed(company);
  return next;
}
