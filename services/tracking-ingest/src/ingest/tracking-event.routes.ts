import { Router } from 'express';
import { allowOnly, principalOf, requireInternalAuth } from '@waybill/http';
import type { TrackingDeps } from '../deps';
import { eventsOfConsignment } from './tracking-event.repository';

/**
 * `GET /companies/{company}/consignment/{identifier}/tracking`: the carrier events received for a
 * consignment (the console's detail page shows them). An empty array when none arrived yet, including
 * for an identifier tracking does not know: the consignment service, not this one, says what exists.
 */
export function trackingEventRoutes(deps: TrackingDeps, internalJwtSecret: string, audience: string): Router {
  const r = Router({ mergeParams: true });
  const path = '/companies/:company/consignment/:identifier/tracking';
  allowOnly(r, path, ['GET']);
  r.get(path, requireInternalAuth(internalJwtSecret, audience), async (req, res) => {
    const rows = await eventsOfConsignment(deps.db, principalOf(res).company, String(req.params.identifier));
    res.json(rows.map((e) => ({
      tracking_number: e.tracking_number, package_reference: e.package_reference, status: e.status, carrier_code: e.carrier_code,
      description: e.description, location: e.location, timestamp: new Date(e.occurred_at).toISOString(),
    })));
  });
  return r;
}
