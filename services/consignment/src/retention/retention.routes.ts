import { Router } from 'express';
import { SchemaId, validate } from '@waybill/contracts';
import { allowOnly, InvalidError, principalOf } from '@waybill/http';
import type { ConsignmentDeps } from '../consignments/consignment.deps';
import { personalDataDays, setPersonalDataDays } from './retention.repository';
import { eraseConsignment } from './retention.service';

/**
 * GET|PUT /retention: how long the company keeps recipients' personal data; POST
 * /consignment/{identifier}/erase: a data subject's erasure (docs/api/retention.md).
 */
export function retentionRoutes(deps: ConsignmentDeps): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, '/retention', ['GET', 'PUT']);
  allowOnly(r, '/consignment/:identifier/erase', ['POST']);

  r.get('/retention', async (_req, res) => {
    res.json({ personal_data_days: await personalDataDays(deps.db, principalOf(res).company) });
  });

  r.put('/retention', async (req, res) => {
    const checked = validate(SchemaId.Retention, req.body);
    if (!checked.ok) throw new InvalidError(checked.errors);
    const days = (req.body as { personal_data_days: number }).personal_data_days;
    await setPersonalDataDays(deps.db, principalOf(res).company, days);
    res.json({ personal_data_days: days });
  });

  r.post('/consignment/:identifier/erase', async (req, res) => {
    res.json(await eraseConsignment(deps, principalOf(res).company, String(req.params.identifier)));
  });

  return r;
}
