import { Router, type Request, type Response } from 'express';
import { HttpError, NotFoundError } from '@waybill/http';
import { rawBody, target, type EdgeDeps } from './public.routes';
import { forward, outgoingOf } from '../proxy/proxy';

/** Returns page requests a client address may make per minute: a person's few, far below guessing order numbers and postcodes. */
export const RETURNS_PAGE_PER_MINUTE = 60;

/** The form posts of the returns page (a form body, not JSON). */
export const RETURNS_PAGE_FORM_PATHS = /^\/returns\/[^/]+(\/confirm)?\/?$/;

const SLUG = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;
const SUBPATH = /^(|\/confirm|\/label\/[A-Za-z0-9_.-]{1,1024})\/?$/;

/**
 * `/returns/{company}` and below: the recipients' self-service returns page (docs/api/returns.md), public,
 * served by the consignment service (which owns the policy and the returns). Its signed form and label
 * tokens are the credentials, checked there; budgeted per client address here.
 */
export function returnsPageRoutes(deps: EdgeDeps): Router {
  const r = Router();
  r.all(/^\/returns\/([^/]+)(\/.*)?$/, rawBody, async (req: Request, res: Response) => {
    const slug = String(req.params[0]);
    const rest = String(req.params[1] ?? '');
    if (!SLUG.test(slug) || !SUBPATH.test(rest)) throw new NotFoundError();
    const decision = await deps.limiter.hit(`returns-page:${req.ip}`, RETURNS_PAGE_PER_MINUTE);
    if (!decision.allowed) throw new HttpError(429, 'Too many requests; try again in a minute.', {}, { 'Retry-After': String(decision.retryAfter) });
    // The page's language may be asked for in the query (the page's language links).
    const lang = typeof req.query.lang === 'string' && /^[a-z]{2}$/.test(req.query.lang) ? `?lang=${req.query.lang}` : '';
    const path = `/companies/${encodeURIComponent(slug)}/returns-page${rest.replace(/\/$/, '')}${lang}`;
    res.setHeader('Vary', 'Accept-Language');
    const body = Buffer.isBuffer(req.body) && req.body.length > 0 ? req.body : undefined;
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    res.setHeader('Referrer-Policy', 'no-referrer');
    await forward(res, target(deps, 'consignment'), path, { company: slug, principal: 'public:returns-page' }, deps.signer, outgoingOf(req, res, '', body));
  });
  return r;
}
