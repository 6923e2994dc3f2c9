import { Router, type NextFunction, type Request, type Response } from 'express';
import { bodyOf, rawBody, target, type EdgeDeps } from './public.routes';
import { forward, outgoingOf } from '../proxy/proxy';

const CARRIER_ID = /^[a-z0-9][a-z0-9_-]{0,62}$/;

/** Only a Bearer push is this route's; the signed generic body goes on to the ingest routes. */
function bearerOnly(req: Request, _res: Response, next: NextFunction): void {
  const ok = /^Bearer\s/i.test(req.header('authorization') ?? '') && CARRIER_ID.test(String(req.params.carrier_id));
  next(ok ? undefined : 'router');
}

/**
 * A carrier that pushes with OAuth (UPS Track Alert, docs/api/carrier-accounts.md#ups-track-alert) posts its own body to its ingest
 * path with `Authorization: Bearer <token>` and `x-api-key: <client id>`. The internal token takes the
 * Authorization header on the way in, so the carrier's goes along as `x-forwarded-authorization`, with
 * `x-api-key`; tracking-ingest checks the token, and the body's bytes are forwarded untouched.
 */
export function carrierPushRoutes(deps: EdgeDeps): Router {
  const r = Router();
  r.post('/ingest/v1/carriers/:carrier_id/tracking', bearerOnly, rawBody, async (req: Request, res: Response) => {
    const carrierId = String(req.params.carrier_id);
    const extraHeaders: Record<string, string> = { 'x-forwarded-authorization': req.header('authorization')! };
    const apiKey = req.header('x-api-key');
    if (apiKey) extraHeaders['x-api-key'] = apiKey;
    await forward(res, target(deps, 'tracking-ingest'), `/ingest/v1/carriers/${encodeURIComponent(carrierId)}/tracking`,
      { company: '*', principal: `carrier:${carrierId}` }, deps.signer, { ...outgoingOf(req, res, '', bodyOf(req)), extraHeaders });
  });
  return r;
}
