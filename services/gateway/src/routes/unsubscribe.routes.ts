import { Router, type Request, type Response } from 'express';
import { HttpError } from '@waybill/http';
import { rawBody, target, type EdgeDeps } from './public.routes';
import { forward, outgoingOf } from '../proxy/proxy';

/** Unsubscribe requests a client address may make per minute: far above a person's, far below a scanner's sweep. */
export const UNSUBSCRIBE_PER_MINUTE = 60;

/** The path of every shipping e-mail's unsubscribe link; its one-click POST is a form (RFC 8058). */
export const UNSUBSCRIBE_PATHS = /^\/notifications\/unsubscribe\/[^/]+\/?$/;

/**
 * `/notifications/unsubscribe/{token}`: the unsubscribe link of every shipping e-mail, public (its signed
 * token is the credential, checked by the notifications service). GET shows a confirmation page, POST
 * unsubscribes: the page's button, or a mail client's one-click POST.
 */
export function unsubscribeRoutes(deps: EdgeDeps): Router {
  const r = Router();
  r.all('/notifications/unsubscribe/:token', rawBody, async (req: Request, res: Response) => {
    const decision = await deps.limiter.hit(`unsubscribe:${req.ip}`, UNSUBSCRIBE_PER_MINUTE);
    if (!decision.allowed) throw new HttpError(429, 'Too many requests; try again in a minute.', {}, { 'Retry-After': String(decision.retryAfter) });
    const lang = typeof req.query.lang === 'string' && /^[a-z]{2}$/.test(req.query.lang) ? `?lang=${req.query.lang}` : '';
    const path = `/notifications/unsubscribe/${encodeURIComponent(String(req.params.token))}${lang}`;
    const body = Buffer.isBuffer(req.body) && req.body.length > 0 ? req.body : undefined;
    await forward(res, target(deps, 'notifications'), path, { company: '*', principal: 'public:unsubscribe' }, deps.signer, outgoingOf(req, res, '', body));
  });
  return r;
}
