import { Router, type Request, type Response } from 'express';
import { bodyOf, rawBody, target, type EdgeDeps } from './public.routes';
import { forward } from '../proxy/proxy';

const SERVICE = 'tracking-ingest';

const queryOf = (req: Request): string => (req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '');

/**
 * Public paths that carry their own credential instead of a company's: a carrier's push is signed with
 * its ingest secret (x-waybill-signature, checked by tracking-ingest over the raw bytes forwarded here
 * untouched), and a proof-of-delivery link is signed in its query. The internal token only names the
 * carrier of the path, so the service can refuse a token for one carrier used on another's path. The
 * service's WWW-Authenticate and its lock-down headers for carrier documents pass through.
 */
export function ingestRoutes(deps: EdgeDeps): Router {
  const r = Router();
  r.all('/ingest/v1/carriers/:carrier_id/tracking', rawBody, async (req: Request, res: Response) => {
    const carrierId = String(req.params.carrier_id);
    await forward(req, res, target(deps, SERVICE), `/ingest/v1/carriers/${encodeURIComponent(carrierId)}/tracking`,
      { company: '*', principal: `carrier:${carrierId}` }, deps.signer, '', bodyOf(req));
  });
  r.all('/pod/v1/documents/:id', async (req: Request, res: Response) => {
    await forward(req, res, target(deps, SERVICE), `/pod/v1/documents/${encodeURIComponent(String(req.params.id))}${queryOf(req)}`,
      { company: '*', principal: 'link:proof-of-delivery' }, deps.signer, '', undefined);
  });
  return r;
}
