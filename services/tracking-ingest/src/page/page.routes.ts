import { Router, type Request, type Response } from 'express';
import { allowOnly } from '@waybill/http';
import { chooseLanguage } from '@waybill/i18n';
import type { TrackingDeps } from '../deps';
import { findBranding } from '../branding/branding.repository';
import { renderNotFound, renderTrackingPage, type RenderedPage } from './page.html';
import { findTracked } from './page.repository';
import { buildView, toJson } from './page.view';
import { countView } from './page.metrics';

export const PAGE_PATH = '/track/:carrier_id/:tracking_number';
const CARRIER_ID = /^[a-z0-9][a-z0-9_-]{0,62}$/;
const TRACKING_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,49}$/;

/** Short public caching: a status changes within minutes, and a number unknown now may be known soon. */
const CACHE_FOUND = 'public, max-age=60';
const CACHE_NOT_FOUND = 'public, max-age=30';

/** Headers of every tracking page answer, HTML or JSON. */
function common(res: Response, cache: string): void {
  res.setHeader('Cache-Control', cache);
  res.setHeader('Vary', 'Accept, Accept-Language');
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
}

export function sendPage(res: Response, status: number, page: RenderedPage): void {
  res.setHeader('Content-Security-Policy', page.csp);
  res.setHeader('Content-Language', page.lang);
  res.status(status).type('html').send(page.html);
}

/**
 * `GET /track/{carrier_id}/{tracking_number}`: the page behind every tracking_url (docs/api/tracking-page.md), public.
 * A browser gets HTML, `Accept: application/json` the same content as JSON; unknown and cancelled
 * numbers answer 404 alike (a friendly page, or `{"detail": "Not found."}`). The HTML speaks `?lang=`, else the
 * best of Accept-Language, else the destination country's language, else English; the JSON is language-neutral.
 */
export function pageRoutes(deps: TrackingDeps): Router {
  const r = Router();
  allowOnly(r, PAGE_PATH, ['GET']);
  r.get(PAGE_PATH, async (req: Request, res: Response) => {
    const carrierId = String(req.params.carrier_id);
    const number = String(req.params.tracking_number);
    const format = req.accepts(['html', 'json']) === 'json' ? 'json' : 'html';
    const found = CARRIER_ID.test(carrierId) && TRACKING_NUMBER.test(number) ? await findTracked(deps.db, carrierId, number) : undefined;
    countView(format, Boolean(found));
    if (!found) {
      common(res, CACHE_NOT_FOUND);
      if (format === 'json') return void res.status(404).json({ detail: 'Not found.' });
      return sendPage(res, 404, renderNotFound(number, chooseLanguage({ query: req.query.lang, acceptLanguage: req.get('accept-language') })));
    }
    const view = buildView(found.consignment, found.events, await findBranding(deps.db, found.consignment.company));
    common(res, CACHE_FOUND);
    if (format === 'json') return void res.status(200).json(toJson(view));
    const lang = chooseLanguage({ query: req.query.lang, acceptLanguage: req.get('accept-language'), country: view.destination.country });
    // A delivered parcel links to the company's returns page when the consignment service says it may be returned there.
    const c = found.consignment;
    const returnable = view.status === 'DELIVERED' && c.identifier !== undefined && deps.returnsOffer !== undefined && await deps.returnsOffer.returnable(c.company, c.identifier);
    sendPage(res, 200, renderTrackingPage(view, lang, "'none'", returnable ? `/returns/${encodeURIComponent(c.company)}` : null));
  });
  return r;
}
