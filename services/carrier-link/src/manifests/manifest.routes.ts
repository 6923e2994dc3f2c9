import { Router } from 'express';
import { allowOnly, principalOf } from '@waybill/http';
import type { CarrierLinkDeps } from '../deps';
import { submitManifest } from './manifest.service';

/**
 * Internal API for the manifest service: `POST /carrier-manifests` submits a manifest to a real carrier
 * (201 `{reference, scope, document}`, or 422 `{rejection_reason, outcome_unknown}`). Under
 * `/companies/:company`, internal tokens only.
 */
export function manifestRoutes(deps: CarrierLinkDeps): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, '/carrier-manifests', ['POST']);
  r.post('/carrier-manifests', async (req, res) => {
    const answer = await submitManifest(deps, principalOf(res).company, req.body);
    res.status(answer.manifested ? 201 : 422).json(answer);
  });
  return r;
}
