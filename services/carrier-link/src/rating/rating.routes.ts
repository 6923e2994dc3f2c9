import { Router } from 'express';
import { allowOnly, principalOf } from '@waybill/http';
import type { CarrierLinkDeps } from '../deps';
import { rateAtCarrier } from './rating.service';

/**
 * Internal API for delivery-options: `POST /carrier-rates` asks one carrier for live prices through the
 * company's account: 200 `{rated: true, rates: [{service, amount, currency}]}`, or 200 `{rated: false,
 * reason, detail}` when it cannot (no account, no rating API, a refusal). Under `/companies/:company`,
 * internal tokens only.
 */
export function ratingRoutes(deps: CarrierLinkDeps): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, '/carrier-rates', ['POST']);
  r.post('/carrier-rates', async (req, res) => {
    res.status(200).json(await rateAtCarrier(deps, principalOf(res).company, req.body));
  });
  return r;
}
