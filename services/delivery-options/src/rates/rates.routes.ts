import { Router } from 'express';
import { allowOnly, principalOf } from '@waybill/http';
import type { QuoteDeps } from '../quote/quote.deps';
import { rates } from './rates.service';

/** `POST /rates` (docs/api/rates.md), with the consignments API's credentials. */
export function ratesRoutes(deps: QuoteDeps): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, '/rates', ['POST']);
  r.post('/rates', async (req, res) => {
    res.json(await rates(deps, principalOf(res).company, req.body));
  });
  return r;
}
