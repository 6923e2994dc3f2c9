import { Router } from 'express';
import { allowOnly, NotFoundError, principalOf } from '@waybill/http';
import type { ConsignmentDeps } from './consignment.deps';
import { allocateUnallocated } from './consignment.allocate';
import { markPrinted } from './consignment.printed';

/**
 * Internal only: `POST /companies/:company/consignment/:identifier/allocate` (allocation by rules) and
 * `.../printed` (the documents service marks an Allocated consignment Printed before it answers). The
 * gateway forwards every `/consignment/...` path here, so a client principal is answered 404, as if
 * they did not exist.
 */
export function allocateRoutes(deps: ConsignmentDeps): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, '/consignment/:identifier/allocate', ['POST']);
  r.post('/consignment/:identifier/allocate', async (req, res) => {
    const p = principalOf(res);
    if (!p.principal.startsWith('service:')) throw new NotFoundError();
    res.json(await allocateUnallocated(deps, p.company, String(req.params.identifier)));
  });
  allowOnly(r, '/consignment/:identifier/printed', ['POST']);
  r.post('/consignment/:identifier/printed', async (req, res) => {
    const p = principalOf(res);
    if (!p.principal.startsWith('service:')) throw new NotFoundError();
    res.json(await markPrinted(deps, p.company, String(req.params.identifier)));
  });
  return r;
}
