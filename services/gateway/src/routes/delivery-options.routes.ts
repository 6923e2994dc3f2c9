import { Router, type Request, type Response } from 'express';
import { NotFoundError } from '@waybill/http';
import { forward, outgoingOf } from '../proxy/proxy';
import { authorise, bodyOf, rawBody, target, type EdgeDeps } from './public.routes';

/** The delivery-options API has its own base and its own keys (docs/api/README.md, docs/api/authentication.md). */
export const DELIVERY_OPTIONS_PREFIX = '/api/2.0.0/company/:company';

/**
 * `POST /api/2.0.0/company/{slug}/delivery_options/` (slash optional) → the delivery-options service.
 * Authenticated in the 'delivery-options' realm: an `Api-Key` (or bare, or Bearer) key; consignment
 * tokens and Basic users do not work here.
 */
export function deliveryOptionsRoutes(deps: EdgeDeps): Router {
  const r = Router({ mergeParams: true });
  r.use(rawBody);
  r.use(async (req: Request, res: Response) => {
    const principal = await authorise(deps, req, 'delivery-options');
    if (req.path.replace(/\/+$/, '') !== '/delivery_options') throw new NotFoundError();
    const company = encodeURIComponent(String(req.params.company));
    await forward(res, target(deps, 'delivery-options'), `/companies/${company}/delivery-options`, principal, deps.signer, outgoingOf(req, res, req.baseUrl, bodyOf(req)));
  });
  return r;
}
