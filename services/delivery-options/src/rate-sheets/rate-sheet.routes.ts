import { Router, type Request } from 'express';
import { allowOnly, NotFoundError, principalOf } from '@waybill/http';
import type { RulesDeps } from '../rules/rule.service';
import { createRateSheet, getRateSheet, importRateSheet, listCompanyRateSheets, removeRateSheet, updateRateSheet } from './rate-sheet.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function sheetId(req: Request): string {
  const id = String(req.params.id);
  if (!UUID.test(id)) throw new NotFoundError();
  return id.toLowerCase();
}

/** `/rate-sheets` (docs/api/rates.md), with the consignments API's credentials. */
export function rateSheetRoutes(deps: RulesDeps): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, '/rate-sheets', ['GET', 'POST']);
  allowOnly(r, '/rate-sheets/import', ['POST']);
  const company = (res: Parameters<typeof principalOf>[0]) => principalOf(res).company;
  // Before `/rate-sheets/:id`, whose methods would refuse it.
  r.post('/rate-sheets/import', async (req, res) => {
    const { sheet, created } = await importRateSheet(deps, company(res), req.body);
    res.status(created ? 201 : 200).json(sheet);
  });
  allowOnly(r, '/rate-sheets/:id', ['GET', 'PUT', 'DELETE']);
  r.get('/rate-sheets', async (_req, res) => {
    res.json(await listCompanyRateSheets(deps, company(res)));
  });
  r.post('/rate-sheets', async (req, res) => {
    res.status(201).json(await createRateSheet(deps, company(res), req.body));
  });
  r.get('/rate-sheets/:id', async (req, res) => {
    res.json(await getRateSheet(deps, company(res), sheetId(req)));
  });
  r.put('/rate-sheets/:id', async (req, res) => {
    res.json(await updateRateSheet(deps, company(res), sheetId(req), req.body));
  });
  r.delete('/rate-sheets/:id', async (req, res) => {
    await removeRateSheet(deps, company(res), sheetId(req));
    res.status(204).end();
  });
  return r;
}
