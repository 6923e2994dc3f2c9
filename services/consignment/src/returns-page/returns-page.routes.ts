import express, { Router, type Request, type Response } from 'express';
import { ConflictError, HttpError, allowOnly, principalOf } from '@waybill/http';
import type { ConsignmentDeps } from '../consignments/consignment.deps';
import { findByIdentifier } from '../consignments/consignment.repository';
import { createReturn } from '../returns/return.create';
import { earlierLines } from '../returns/return.repository';
import { loadPolicy } from '../returns/returns-policy.repository';
import { claimKey, releaseKey, requestHash, storeResponse } from '../idempotency/idempotency.repository';
import type { BrandingSource, LabelSource, PageBranding } from './returns-page.branding';
import { renderBooked, renderForm, renderItems, renderProblem, type RenderedPage } from './returns-page.html';
import { matchOrder, policyAllows, remainingItems } from './returns-page.match';
import { FORM_TTL_SECONDS, LABEL_TTL_SECONDS, bookingKey, pageKey, signToken, verifyToken } from './returns-page.token';

export interface ReturnsPageDeps extends ConsignmentDeps {
  branding: BrandingSource;
  labels: LabelSource;
  internalJwtSecret: string;
}

/** Paths under /companies/:company whose POSTs are forms (the service app lets them through to these routes). */
export const RETURNS_PAGE_FORMS = /\/returns-page(\/confirm)?\/?$/;

const form = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 200 });

function send(res: Response, status: number, page: RenderedPage): void {
  res.setHeader('Content-Security-Policy', page.csp);
  res.setHeader('Content-Language', page.lang);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  res.status(status).type('html').send(page.html);
}

const field = (req: Request, name: string): string => (typeof req.body?.[name] === 'string' ? req.body[name] : '');
const expiry = (now: Date, seconds: number) => Math.floor(now.getTime() / 1000) + seconds;

/**
 * The recipients' self-service returns page (docs/api/returns.md#the-self-service-returns-page), public
 * through the gateway at `/returns/{company}`: the order form, the items of the matching order, the booking,
 * and the label link. Every form carries a signed token bound to the company (and, for the items, to the
 * order) that expires; the booking's Idempotency key is derived from it, so one form books one return.
 */
export function returnsPageRoutes(deps: ReturnsPageDeps): Router {
  const r = Router({ mergeParams: true });
  const key = pageKey(deps.internalJwtSecret);
  allowOnly(r, '/returns-page', ['GET', 'POST']);
  allowOnly(r, '/returns-page/confirm', ['POST']);
  allowOnly(r, '/returns-page/label/:token', ['GET']);
  const base = (company: string) => `/returns/${encodeURIComponent(company)}`;
  const formToken = (company: string) => signToken(key, { kind: 'form', company, subject: '', exp: expiry(deps.now(), FORM_TTL_SECONDS) });
  const refuse = (res: Response, b: PageBranding, company: string) => send(res, 403, renderProblem(b, 'This form has expired',
    'The form was not valid: it is older than 30 minutes, was used already, or did not come from this page. Nothing was booked by this request.', base(company)));

  r.get('/returns-page', async (_req, res) => {
    const company = principalOf(res).company;
    send(res, 200, renderForm(await deps.branding.of(company), base(company), formToken(company), false));
  });

  r.post('/returns-page', form, async (req, res) => {
    const company = principalOf(res).company;
    const [b, policy] = await Promise.all([deps.branding.of(company), loadPolicy(deps.db, company)]);
    if (!verifyToken(key, field(req, 'token'), 'form', company, deps.now()).ok) return refuse(res, b, company);
    const found = await matchOrder(deps.db, company, field(req, 'order'), field(req, 'postcode'), policy, deps.now());
    const items = found ? remainingItems(found, await earlierLines(deps.db, company, found.identifier)) : [];
    if (!found || items.length === 0) return send(res, 404, renderForm(b, base(company), formToken(company), true, { order: field(req, 'order').slice(0, 100) }));
    const token = signToken(key, { kind: 'items', company, subject: found.identifier, exp: expiry(deps.now(), FORM_TTL_SECONDS) });
    send(res, 200, renderItems(b, `${base(company)}/confirm`, token, { orderNumber: found.order_number, items, reasons: policy.reasons }));
  });

  r.post('/returns-page/confirm', form, async (req, res) => {
    const company = principalOf(res).company;
    const [b, policy] = await Promise.all([deps.branding.of(company), loadPolicy(deps.db, company)]);
    const token = field(req, 'token');
    const checked = verifyToken(key, token, 'items', company, deps.now());
    if (!checked.ok) return refuse(res, b, company);
    const outbound = await findByIdentifier(deps.db, company, checked.claims.subject);
    if (!outbound || !policyAllows(policy, outbound, deps.now())) return refuse(res, b, company);
    const items = remainingItems(outbound, await earlierLines(deps.db, company, outbound.identifier));
    const codes = new Set(policy.reasons.map((x) => x.code));
    const asked = items.map((it, i) => ({ it, quantity: Number(field(req, `qty_${i}`) || 0), reason: field(req, `reason_${i}`) }))
      .filter((a) => a.quantity > 0);
    const view = { orderNumber: outbound.order_number, items, reasons: policy.reasons };
    if (asked.length === 0 || asked.some((a) => !Number.isInteger(a.quantity) || a.quantity > a.it.quantity || (codes.size > 0 && !codes.has(a.reason)))) {
      return send(res, 400, renderItems(b, `${base(company)}/confirm`, token, view, 'Choose at least one item to return, no more than you received, each with a reason.'));
    }
    const idem = bookingKey(token);
    // One token books one return: a second submission of it (a double click, a replay) is refused.
    let claim;
    try {
      claim = await claimKey(deps.db, company, idem, requestHash({ returns_page: outbound.identifier }));
    } catch (err) {
      if (err instanceof ConflictError) return refuse(res, b, company);
      throw err;
    }
    if (claim.kind === 'replay') return refuse(res, b, company);
    let made: Record<string, unknown>;
    try {
      const body = { reason: asked[0].reason || null, items: asked.map((a) => ({ ...(a.it.sku ? { sku: a.it.sku } : { name: a.it.name ?? '' }), quantity: a.quantity, reason: a.reason || null })) };
      made = await createReturn(deps, company, outbound.identifier, body, idem);
      await storeResponse(deps.db, company, idem, { identifier: made.identifier });
    } catch (err) {
      await releaseKey(deps.db, company, idem);
      if (err instanceof HttpError && err.status < 500) return send(res, 409, renderItems(b, `${base(company)}/confirm`, token, view, 'The return could not be booked just now; please try again.'));
      throw err;
    }
    const returnId = String(made.identifier);
    const label = signToken(key, { kind: 'label', company, subject: returnId, exp: expiry(deps.now(), LABEL_TTL_SECONDS) });
    const allocated = typeof made.consignment_number === 'string';
    send(res, 201, renderBooked(b, {
      orderNumber: outbound.order_number, instructions: policy.instructions,
      labelUrl: allocated ? `${base(company)}/label/${label}` : null, trackingUrl: typeof made.tracking_url === 'string' ? made.tracking_url : null,
    }));
  });

  r.get('/returns-page/label/:token', async (req, res) => {
    const company = principalOf(res).company;
    const checked = verifyToken(key, String(req.params.token), 'label', company, deps.now());
    if (!checked.ok) {
      const b = await deps.branding.of(company);
      return checked.why === 'expired'
        ? send(res, 410, renderProblem(b, 'This label link has expired', 'Label links work for 30 days. Contact the company for a new label.'))
        : send(res, 404, renderProblem(b, 'Label not found', 'This label link is not valid. Check that you copied the whole link.'));
    }
    const pdf = await deps.labels.pdf(company, checked.claims.subject);
    if (!pdf) return send(res, 404, renderProblem(await deps.branding.of(company), 'Label not found', 'The label is not available. Contact the company for help.'));
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Content-Disposition', 'attachment; filename="return-label.pdf"');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.status(200).type('application/pdf').send(pdf);
  });

  return r;
}
