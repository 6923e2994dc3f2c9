import { Router } from 'express';
import { allowOnly, principalOf } from '@waybill/http';
import type { ConsignmentDeps } from '../consignments/consignment.deps';
import { checkPolicy } from './returns-policy';
import { loadPolicy, savePolicy } from './returns-policy.repository';

/** GET|PUT /returns-policy: the company's returns policy (docs/api/returns.md); PUT replaces it. */
export function returnsPolicyRoutes(deps: ConsignmentDeps): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, '/returns-policy', ['GET', 'PUT']);

  r.get('/returns-policy', async (_req, res) => {
    res.json(await loadPolicy(deps.db, principalOf(res).company));
  });

  r.put('/returns-policy', async (req, res) => {
    const company = principalOf(res).company;
    const policy = checkPolicy(req.body, await deps.companies.get(company));
    await savePolicy(deps.db, company, policy);
    res.json(policy);
  });

  return r;
}
