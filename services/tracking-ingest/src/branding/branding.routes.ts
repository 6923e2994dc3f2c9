import express, { Router, type Request, type Response } from 'express';
import { InvalidError, allowOnly, assertJsonDepth, principalOf } from '@waybill/http';
import { chooseLanguage } from '@waybill/i18n';
import type { TrackingDeps } from '../deps';
import { renderTrackingPage } from '../page/page.html';
import { sendPage } from '../page/page.routes';
import { sampleParcel } from '../page/page.sample';
import { buildView, type PageStatus } from '../page/page.view';
import { findBranding } from './branding.repository';
import { mergeBranding, updateBranding } from './branding.service';

const PATH = '/companies/:company/tracking-page';
const PREVIEW_STATUSES: PageStatus[] = ['LABEL_CREATED', 'INFO_RECEIVED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED', 'DELIVERY_FAILED', 'EXCEPTION', 'RETURNED'];
const DRAFT_FIELDS = ['display_name', 'logo_url', 'accent_colour', 'support_email'];

/**
 * The company's tracking page settings (docs/api/tracking-page.md): `GET` and `PUT /tracking-page` (any subset of the
 * fields), and `GET /tracking-page/preview?<fields>&status=<STATUS>`, the page of a made-up parcel with
 * the stored settings changed by the query's fields, unsaved (the console's live preview frames it), in
 * the language of `?lang=` or the viewer's Accept-Language.
 */
export function brandingRoutes(deps: TrackingDeps): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, PATH, ['GET', 'PUT']);
  allowOnly(r, `${PATH}/preview`, ['GET']);
  r.get(PATH, async (_req: Request, res: Response) => {
    res.json(await findBranding(deps.db, principalOf(res).company));
  });
  r.put(PATH, express.json({ limit: '64kb', type: 'application/json' }), async (req: Request, res: Response) => {
    assertJsonDepth(req.body);
    res.json(await updateBranding(deps.db, principalOf(res).company, req.body));
  });
  r.get(`${PATH}/preview`, async (req: Request, res: Response) => {
    const company = principalOf(res).company;
    const draft = Object.fromEntries(Object.entries(req.query).filter(([k]) => DRAFT_FIELDS.includes(k)).map(([k, v]) => [k, typeof v === 'string' ? v : null]));
    const branding = mergeBranding(await findBranding(deps.db, company), draft);
    const status = String(req.query.status ?? 'IN_TRANSIT').toUpperCase() as PageStatus;
    if (!PREVIEW_STATUSES.includes(status)) throw InvalidError.field('status', `"${req.query.status}" is not one of ${PREVIEW_STATUSES.join(', ')}.`);
    const sample = sampleParcel(company, status, deps.now());
    res.setHeader('Cache-Control', 'no-store');
    const lang = chooseLanguage({ query: req.query.lang, acceptLanguage: req.get('accept-language') });
    sendPage(res, 200, renderTrackingPage(buildView(sample.consignment, sample.events, branding, deps.now()), lang, "'self'"));
  });
  return r;
}
