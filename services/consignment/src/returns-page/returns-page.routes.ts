import express, { Router, type Request, type Response } from 'express';
import { ConflictError, HttpError, allowOnly, principalOf } from '@waybill/http';
import { chooseLanguage } from '@waybill/i18n';
import type { ConsignmentDeps } from '../consignments/consignment.deps';
import { findByIdentifier } from '../consignments/consignment.repository';
import { createReturn } from '../returns/return.create';
import { earlierLines } from '../returns/return.repository';
import { loadPolicy } from '../returns/returns-policy.repository';
import { claimKey, releaseKey, requestHash, storeResponse } from '../idempotency/idempotency.repository';
import type { BrandingSource, LabelSource } from './returns-page.branding';
import { itemKey, renderBooked, renderForm, renderItems, renderProblem, type PageContext, type RenderedPage } from './returns-page.html';
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
  allowOnly(r, '/returns-page/offer/:identifier', ['GET']);
  const formToken = (company: string) => signToken(key, { kind: 'form', company, subject: '', exp: expiry(deps.now(), FORM_TTL_SECONDS) });
  /** The page's branding, and its language: `?lang=` (or the form's), else Accept-Language, else the destination's country, else English. */
  const languageOf = (req: Request, country?: unknown) => chooseLanguage({
    query: req.query.lang ?? req.body?.lang, acceptLanguage: req.get('accept-language'), country: typeof country === 'string' ? country : undefined,
  });
  const contextOf = async (req: Request, company: string): Promise<PageContext> => ({
    branding: await deps.branding.of(company), start: `/returns/${encodeURIComponent(company)}`, lang: languageOf(req),
  });
  const countryOf = (row: { data: Record<string, unknown> }) => ((row.data.recipient as { address?: { country?: unknown } } | undefined)?.address?.country);

  r.get('/returns-page', async (req, res) => {
    const company = principalOf(res).company;
    const [c, policy] = await Promise.all([contextOf(req, company), loadPolicy(deps.db, company)]);
    if (!policy.enabled) return send(res, 404, renderProblem(c, 'unavailable'));
    send(res, 200, renderForm(c, formToken(company), false));
  });

  r.post('/returns-page', form, async (req, res) => {
    const company = principalOf(res).company;
    const [c, policy] = await Promise.all([contextOf(req, company), loadPolicy(deps.db, company)]);
    if (!verifyToken(key, field(req, 'token'), 'form', company, deps.now()).ok) return send(res, 403, renderProblem(c, 'forbidden'));
    const found = await matchOrder(deps.db, company, field(req, 'order'), field(req, 'postcode'), policy, deps.now());
    const items = found ? remainingItems(found, await earlierLines(deps.db, company, found.identifier)) : [];
    if (!found || items.length === 0) return send(res, 404, renderForm(c, formToken(company), true, { order: field(req, 'order').slice(0, 100) }));
    const token = signToken(key, { kind: 'items', company, subject: found.identifier, exp: expiry(deps.now(), FORM_TTL_SECONDS) });
    const here = { ...c, lang: languageOf(req, countryOf(found)) };
    send(res, 200, renderItems(here, token, { orderNumber: found.order_number, items, reasons: policy.reasons }));
  });

  r.post('/returns-page/confirm', form, async (req, res) => {
    const company = principalOf(res).company;
    const [c, policy] = await Promise.all([contextOf(req, company), loadPolicy(deps.db, company)]);
    const token = field(req, 'token');
    const checked = verifyToken(key, token, 'items', company, deps.now());
    if (!checked.ok) return send(res, 403, renderProblem(c, 'forbidden'));
    const outbound = await findByIdentifier(deps.db, company, checked.claims.subject);
    if (!outbound || !policyAllows(policy, outbound, deps.now())) return send(res, 403, renderProblem(c, 'forbidden'));
    const here = { ...c, lang: languageOf(req, countryOf(outbound)) };
    // One token books one return: the booking's key is derived from it and claimed first, so a second submission of
    // it (a replay, or a double click arriving while the first books or after) is refused; the first books the one return.
    const idem = bookingKey(token);
    let claim;
    try {
      claim = await claimKey(deps.db, company, idem, requestHash({ returns_page: outbound.identifier }));
    } catch (err) {
      if (err instanceof ConflictError) return send(res, 403, renderProblem(here, 'forbidden'));
      throw err;
    }
    if (claim.kind === 'replay') return send(res, 403, renderProblem(here, 'forbidden'));
    const items = remainingItems(outbound, await earlierLines(deps.db, company, outbound.identifier));
    const codes = new Set(policy.reasons.map((x) => x.code));
    // Each line of the form names its item (`item_<n>`), so a return booked meanwhile elsewhere cannot shift the lines.
    const asked = Object.keys(req.body ?? {}).filter((k) => /^qty_\d{1,3}$/.test(k)).map((k) => {
      const n = k.slice(4);
      return { it: items.find((it) => itemKey(it) === field(req, `item_${n}`)), quantity: Number(field(req, k) || 0), reason: field(req, `reason_${n}`) };
    }).filter((a) => a.quantity !== 0);
    const view = { orderNumber: outbound.order_number, items, reasons: policy.reasons };
    if (asked.length === 0 || asked.some((a) => !a.it || !Number.isInteger(a.quantity) || a.quantity < 0 || a.quantity > a.it.quantity || (codes.size > 0 && !codes.has(a.reason)))) {
      await releaseKey(deps.db, company, idem);
      return send(res, 400, renderItems(here, token, view, 'invalid'));
    }
    let made: Record<string, unknown>;
    try {
      const body = { reason: asked[0].reason || null, items: asked.map((a) => ({ ...(a.it!.sku ? { sku: a.it!.sku } : { name: a.it!.name ?? '' }), quantity: a.quantity, reason: a.reason || null })) };
      made = await createReturn(deps, company, outbound.identifier, body, idem);
      await storeResponse(deps.db, company, idem, { identifier: made.identifier });
    } catch (err) {
      await releaseKey(deps.db, company, idem);
      if (err instanceof HttpError && err.status < 500) return send(res, 409, renderItems(here, token, view, 'failed'));
      throw err;
    }
    const label = signToken(key, { kind: 'label', company, subject: String(made.identifier), exp: expiry(deps.now(), LABEL_TTL_SECONDS) });
    send(res, 201, renderBooked(here, {
      orderNumber: outbound.order_number, instructions: policy.instructions,
      labelUrl: typeof made.consignment_number === 'string' ? `${here.start}/label/${label}` : null,
      trackingUrl: typeof made.tracking_url === 'string' ? made.tracking_url : null,
    }));
  });

  // For the tracking page (tracking-ingest): whether its parcel may be returned through this page now. Not public: the gateway forwards no such path.
  r.get('/returns-page/offer/:identifier', async (req, res) => {
    const company = principalOf(res).company;
    const [row, policy] = await Promise.all([findByIdentifier(deps.db, company, String(req.params.identifier)), loadPolicy(deps.db, company)]);
    const returnable = row !== undefined && row.direction === 'outbound' && row.erased_at === null && policyAllows(policy, row, deps.now())
      && remainingItems(row, await earlierLines(deps.db, company, row.identifier)).length > 0;
    res.json({ returnable });
  });

  r.get('/returns-page/label/:token', async (req, res) => {
    const company = principalOf(res).company;
    const checked = verifyToken(key, String(req.params.token), 'label', company, deps.now());
    if (!checked.ok) {
      const c = await contextOf(req, company);
      return checked.why === 'expired' ? send(res, 410, renderProblem(c, 'label.expired')) : send(res, 404, renderProblem(c, 'label.notFound'));
    }
    const pdf = await deps.labels.pdf(company, checked.claims.subject);
    if (!pdf) return send(res, 404, renderProblem(await contextOf(req, company), 'label.notFound'));
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Content-Disposition', 'attachment; filename="return-label.pdf"');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.status(200).type('application/pdf').send(pdf);
  });

  return r;
}
