import { Router } from 'express';
import { allowOnly, principalOf } from '@waybill/http';
import type { QuoteDeps } from './quote.deps';
import { deliveryOptions } from './delivery-options.service';

/** The checkout path, reached from the public `/api/2.0.0/company/{slug}/delivery_options/`. */
export function deliveryOptionsRoutes(deps: QuoteDeps): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, '/delivery-options', ['POST']);
  r.post('/delivery-options', async (req, res) => {
    res.json(await deliveryOptions(deps, principalOf(res).company, req.body));
  });
  return r;
}
