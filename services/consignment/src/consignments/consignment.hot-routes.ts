import type { HotRoute } from '@waybill/http';
import type { ConsignmentDeps } from './consignment.deps';
import { createConsignments } from './consignment.create';
import { getConsignment } from './consignment.query';
import { requestedKey } from './consignment.routes';

const COMPANY = '/companies/([A-Za-z0-9_-]+)';

/**
 * What integrations call all day, served by the service's fast lane (`hotLane`) with the same use cases
 * as consignment.routes.ts: reading one consignment, and creating without an Idempotency-Key (a keyed
 * create, with its claim and replay, stays with express).
 */
export function consignmentHotRoutes(deps: ConsignmentDeps): HotRoute[] {
  return [
    {
      method: 'GET',
      pattern: new RegExp(`^${COMPANY}/consignment/([A-Za-z0-9_-]+)/?$`),
      handle: (company, match) => getConsignment(deps, company, match[2]),
    },
    {
      method: 'POST',
      pattern: new RegExp(`^${COMPANY}/consignments/?$`),
      admits: (req) => requestedKey(req.headers['idempotency-key']) === undefined,
      handle: (company, _match, body) => createConsignments(deps, company, body),
    },
  ];
}
