import { Router } from 'express';
import { allowOnly, ForbiddenError, principalOf } from '@waybill/http';
import type { ConsignmentDeps } from '../consignments/consignment.deps';
import { claimForManifest } from './manifest-claim.service';

/** Only the manifest service claims consignments; the gateway never routes this path. */
const CLAIMANT = 'service:manifest';

/** Internal: `POST /companies/:company/manifest-claims`, called by the manifest service. */
export function manifestClaimRoutes(deps: ConsignmentDeps): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, '/manifest-claims', ['POST']);
  r.post('/manifest-claims', async (req, res) => {
    const principal = principalOf(res);
    // The token's audience is this service for every proxied client request too; the principal tells them apart.
    if (principal.principal !== CLAIMANT) throw new ForbiddenError();
    res.json(await claimForManifest(deps, principal.company, req.body));
  });
  return r;
}
