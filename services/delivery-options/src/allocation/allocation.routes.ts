import { Router } from 'express';
import { allowOnly, NotFoundError, principalOf } from '@waybill/http';
import type { QuoteDeps } from '../quote/quote.deps';
import { allocationCandidates } from './allocation.service';

/**
 * Internal API for the consignment service (allocation by rules). The gateway never routes here, and
 * only a service principal is served, so a client token forwarded by mistake cannot reach it either.
 */
export function allocationRoutes(deps: QuoteDeps): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, '/allocation-candidates', ['POST']);
  r.post('/allocation-candidates', async (req, res) => {
    const p = principalOf(res);
    if (!p.principal.startsWith('service:')) throw new NotFoundError();
    res.json(await allocationCandidates(deps, p.company, req.body));
  });
  return r;
}
