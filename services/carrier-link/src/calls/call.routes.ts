import { Router, type Request } from 'express';
import { allowOnly, principalOf, publicPrefix } from '@waybill/http';
import type { CarrierLinkDeps } from '../deps';
import { accountCalls, consignmentCalls } from './call.query';

const str = (req: Request, k: string) => (typeof req.query[k] === 'string' ? (req.query[k] as string) : undefined);

/**
 * The carrier call log (public through the gateway): a consignment's calls and an account's calls, under
 * `/companies/:company`; every query is the token's company's.
 */
export function callRoutes(deps: CarrierLinkDeps, publicBaseUrl?: string): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, '/consignment/:id/carrier-calls', ['GET']);
  allowOnly(r, '/carrier-accounts/:id/calls', ['GET']);
  r.get('/consignment/:id/carrier-calls', async (req, res) => {
    const q = { offset: str(req, 'offset'), limit: str(req, 'limit') };
    res.json(await consignmentCalls(deps, principalOf(res).company, String(req.params.id), q, publicPrefix(req, publicBaseUrl)));
  });
  r.get('/carrier-accounts/:id/calls', async (req, res) => {
    const q = { offset: str(req, 'offset'), limit: str(req, 'limit') };
    res.json(await accountCalls(deps, principalOf(res).company, String(req.params.id), q, publicPrefix(req, publicBaseUrl)));
  });
  return r;
}
