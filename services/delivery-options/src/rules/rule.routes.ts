import { Router, type Request } from 'express';
import { allowOnly, NotFoundError, principalOf } from '@waybill/http';
import { createRule, getRule, listCompanyRules, removeRule, updateRule, type RulesDeps } from './rule.service';
import { getSettings, toApiSettings, updateSettings } from '../settings/settings.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function ruleId(req: Request): string {
  const id = String(req.params.id);
  if (!UUID.test(id)) throw new NotFoundError();
  return id.toLowerCase();
}

/** The management API (same credentials as consignments): `/delivery-rules` and `/delivery-settings`. */
export function ruleRoutes(deps: RulesDeps): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, '/delivery-rules', ['GET', 'POST']);
  allowOnly(r, '/delivery-rules/:id', ['GET', 'PUT', 'DELETE']);
  allowOnly(r, '/delivery-settings', ['GET', 'PUT']);
  const company = (res: Parameters<typeof principalOf>[0]) => principalOf(res).company;

  r.get('/delivery-rules', async (_req, res) => {
    res.json(await listCompanyRules(deps, company(res)));
  });
  r.post('/delivery-rules', async (req, res) => {
    res.status(201).json(await createRule(deps, company(res), req.body));
  });
  r.get('/delivery-rules/:id', async (req, res) => {
    res.json(await getRule(deps, company(res), ruleId(req)));
  });
  r.put('/delivery-rules/:id', async (req, res) => {
    res.json(await updateRule(deps, company(res), ruleId(req), req.body));
  });
  r.delete('/delivery-rules/:id', async (req, res) => {
    await removeRule(deps, company(res), ruleId(req));
    res.status(204).end();
  });
  r.get('/delivery-settings', async (_req, res) => {
    res.json(toApiSettings(await getSettings(deps, company(res))));
  });
  r.put('/delivery-settings', async (req, res) => {
    res.json(toApiSettings(await updateSettings(deps, company(res), req.body)));
  });
  return r;
}
