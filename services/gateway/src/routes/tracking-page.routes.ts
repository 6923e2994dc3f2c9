import { Router, type Request, type Response } from 'express';
import { HttpError } from '@waybill/http';
import { target, type EdgeDeps } from './public.routes';
import { forward, outgoingOf } from '../proxy/proxy';

/** Page views a client address may make per minute: a recipient refreshing, or a household behind one address. */
export const TRACKING_PAGE_PER_MINUTE = 120;

/**
 * `/track/{carrier_id}/{tracking_number}`, the page behind every tracking_url (docs/api/tracking-page.md): public, no
 * credentials, served by tracking-ingest (which holds the events). Budgeted per client address, as the
 * page needs no credential to count against. Any other shape under /track is left to the 404.
 */
export function trackingPageRoutes(deps: EdgeDeps): Router {
  const r = Router();
  r.all('/track/:carrier_id/:tracking_number', async (req: Request, res: Response) => {
    const decision = await deps.limiter.hit(`track:${req.ip}`, TRACKING_PAGE_PER_MINUTE);
    if (!decision.allowed) throw new HttpError(429, 'Too many tracking page requests; try again in a minute.', {}, { 'Retry-After': String(decision.retryAfter) });
    // The page's language may be asked for in the query (the page's language links, a shipping e-mail's link).
    const lang = typeof req.query.lang === 'string' && /^[a-z]{2}$/.test(req.query.lang) ? `?lang=${req.query.lang}` : '';
    const path = `/track/${encodeURIComponent(String(req.params.carrier_id))}/${encodeURIComponent(String(req.params.tracking_number))}${lang}`;
    res.setHeader('Vary', 'Accept, Accept-Language');
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    res.setHeader('Referrer-Policy', 'no-referrer');
    await forward(res, target(deps, 'tracking-ingest'), path, { company: '*', principal: 'public:tracking-page' }, deps.signer, outgoingOf(req, res, '', undefined));
  });
  return r;
}
