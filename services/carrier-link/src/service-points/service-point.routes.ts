import { Router } from 'express';
import { allowOnly, principalOf } from '@waybill/http';
import type { CarrierLinkDeps } from '../deps';
import { ServicePointCache } from './service-point.cache';
import { servicePointSearch } from './service-point.input';
import { searchServicePoints } from './service-point.service';

/**
 * `GET /service-points` (docs/api/service-points.md), forwarded by the gateway: the carriers' lockers,
 * shops and depots near a place. `Cache-Status` says whether every carrier's answer came from the cache.
 */
export function servicePointRoutes(deps: CarrierLinkDeps, cache = new ServicePointCache()): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, '/service-points', ['GET']);
  r.get('/service-points', async (req, res) => {
    const answer = await searchServicePoints(deps, cache, principalOf(res).company, servicePointSearch(req));
    res.setHeader('Cache-Status', answer.cached ? 'waybill; hit' : 'waybill; fwd=miss');
    res.json(answer.body);
  });
  return r;
}
