import { Router, type Request, type Response } from 'express';
import { HttpError, NotFoundError } from '@waybill/http';
import { bodyOf, rawBody, target, type EdgeDeps } from './public.routes';
import { forward, outgoingOf } from '../proxy/proxy';

const SERVICE = 'tracking-ingest';

/** Carrier identifiers are lowercase slugs and document ids UUIDs: nothing else can name one, or be normalised into another route. */
const CARRIER_ID = /^[a-z0-9][a-z0-9_-]{0,62}$/;
const DOCUMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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
    // Not a carrier identifier at all: unknown, as tracking-ingest would say (docs/api/tracking.md: unknown carrier_id is 401).
    if (!CARRIER_ID.test(carrierId)) {
      throw new HttpError(401, `Unknown carrier "${carrierId}".`, {}, { 'WWW-Authenticate': 'Signature realm="waybill-ingest", headers="x-waybill-signature"' });
    }
    await forward(res, target(deps, SERVICE), `/ingest/v1/carriers/${encodeURIComponent(carrierId)}/tracking`,
      { company: '*', principal: `carrier:${carrierId}` }, deps.signer, outgoingOf(req, res, '', bodyOf(req)));
  });
  r.all('/pod/v1/documents/:id', async (req: Request, res: Response) => {
    const id = String(req.params.id);
    if (!DOCUMENT_ID.test(id)) throw new NotFoundError();
    await forward(res, target(deps, SERVICE), `/pod/v1/documents/${id}${queryOf(req)}`,
      { company: '*', principal: 'link:proof-of-delivery' }, deps.signer, outgoingOf(req, res, '', undefined));
  });
  return r;
}
