import { Router } from 'express';
import { declarationOf } from '@waybill/carriers';
import { allowOnly } from '@waybill/http';
import type { CarrierLinkDeps } from '../deps';

/**
 * Internal, not per company (`GET /carrier-declarations`): the credential keys each account carrier of this deployment declares, for
 * what documents accounts without holding one (the gateway's OpenAPI document). The same list as a
 * company's `carrier-accounts/credential-keys`.
 */
export function declarationRoutes(deps: CarrierLinkDeps): Router {
  const r = Router();
  allowOnly(r, '/', ['GET']);
  r.get('/', (_req, res) => {
    res.json([...deps.adapters.values()].map(declarationOf));
  });
  return r;
}
