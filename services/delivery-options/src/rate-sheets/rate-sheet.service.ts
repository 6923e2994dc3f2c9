import { SchemaId, validate, type RateSheet, type RateSheetImportInput } from '@waybill/contracts';
import { ConflictError, InvalidError, NotFoundError } from '@waybill/http';
import type { RulesDeps } from '../rules/rule.service';
import { recordRulesChanged } from '../rules/rule.events';
import { countRateSheets, deleteRateSheet, findRateSheet, findRateSheetForService, insertRateSheet, listRateSheets, replaceRateSheet } from './rate-sheet.repository';
import { rateSheetDefinitionFrom } from './rate-sheet.validation';
import { toRateSheet } from './rate-sheet.mapper';
import { sheetFromCsv } from './rate-sheet.csv';
import { getSettings } from '../settings/settings.service';

/** One per enabled service is the most a company can use; the bound keeps a checkout's compiled set small. */
export const MAX_RATE_SHEETS_PER_COMPANY = 200;

/**
 * Rate sheets change what checkout and allocation charge, so every change goes the rules' way: the
 * rules-changed event in the same transaction, and this replica's compiled set dropped after commit.
 */
export async function listCompanyRateSheets(deps: RulesDeps, company: string): Promise<RateSheet[]> {
  return (await listRateSheets(deps.db, company)).map(toRateSheet);
}

export async function getRateSheet(deps: RulesDeps, company: string, id: string): Promise<RateSheet> {
  const row = await findRateSheet(deps.db, company, id);
  if (!row) throw new NotFoundError();
  return toRateSheet(row);
}

/** A second sheet for a service would leave checkout to guess which applies. */
async function checkServiceFree(deps: RulesDeps, company: string, serviceId: string, except: string | null): Promise<void> {
  const other = await findRateSheetForService(deps.db, company, serviceId.toLowerCase());
  if (other && other.id !== except) throw InvalidError.field('service_id', `service "${serviceId}" already has rate sheet ${other.id} ("${other.definition.identifier}"); replace that one instead.`);
}

export async function createRateSheet(deps: RulesDeps, company: string, body: unknown): Promise<RateSheet> {
  const definition = rateSheetDefinitionFrom(body, await deps.catalogs.get(company));
  await checkServiceFree(deps, company, definition.service_id, null);
  if (await countRateSheets(deps.db, company) >= MAX_RATE_SHEETS_PER_COMPANY) {
    throw new ConflictError(`A company holds at most ${MAX_RATE_SHEETS_PER_COMPANY} rate sheets; delete some first.`);
  }
  const row = await deps.db.transaction().execute(async (trx) => {
    const inserted = await insertRateSheet(trx, company, definition);
    await recordRulesChanged(trx, company, 'rate_sheet.created', null, inserted.id);
    return inserted;
  });
  deps.changed(company);
  return toRateSheet(row);
}

export async function updateRateSheet(deps: RulesDeps, company: string, id: string, body: unknown): Promise<RateSheet> {
  if (!(await findRateSheet(deps.db, company, id))) throw new NotFoundError();
  const definition = rateSheetDefinitionFrom(body, await deps.catalogs.get(company));
  await checkServiceFree(deps, company, definition.service_id, id);
  const row = await deps.db.transaction().execute(async (trx) => {
    const updated = await replaceRateSheet(trx, company, id, definition);
    if (updated) await recordRulesChanged(trx, company, 'rate_sheet.updated', null, id);
    return updated;
  });
  if (!row) throw new NotFoundError();
  deps.changed(company);
  return toRateSheet(row);
}

export async function removeRateSheet(deps: RulesDeps, company: string, id: string): Promise<void> {
  const deleted = await deps.db.transaction().execute(async (trx) => {
    const gone = await deleteRateSheet(trx, company, id);
    if (gone) await recordRulesChanged(trx, company, 'rate_sheet.deleted', null, id);
    return gone;
  });
  if (!deleted) throw new NotFoundError();
  deps.changed(company);
}

/**
 * POST /rate-sheets/import: the service's sheet from CSV (rate-sheet.csv.ts), replacing the one it has.
 * `created` says which happened (201 or 200).
 */
export async function importRateSheet(deps: RulesDeps, company: string, raw: unknown): Promise<{ sheet: RateSheet; created: boolean }> {
  const result = validate(SchemaId.RateSheetImportInput, raw);
  if (!result.ok) throw new InvalidError(result.errors);
  const input = raw as RateSheetImportInput;
  const { zones, bands } = sheetFromCsv(input.csv);
  const existing = await findRateSheetForService(deps.db, company, input.service_id.toLowerCase());
  const body = {
    identifier: input.identifier ?? existing?.definition.identifier ?? `${input.service_id} rates`,
    service_id: input.service_id,
    currency: input.currency ?? (await getSettings(deps, company)).currency,
    volumetric_divisor: input.volumetric_divisor === undefined ? existing?.definition.volumetric_divisor ?? null : input.volumetric_divisor,
    zones, bands,
  };
  if (existing) return { sheet: await updateRateSheet(deps, company, existing.id, body), created: false };
  return { sheet: await createRateSheet(deps, company, body), created: true };
}
