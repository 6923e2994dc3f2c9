import { Router, type Request, type Response } from 'express';
import { HttpError } from '@waybill/http';
import { bodyOf, rawBody, target, type EdgeDeps } from './public.routes';
import { forward, outgoingOf } from '../proxy/proxy';

const SERVICE = 'carrier-link';

/** Carrier identifiers are lowercase slugs (`ups`, `dhl_express`): nothing else can name one, or be normalised into another route. */
const CARRIER_ID = /^[a-z0-9][a-z0-9_-]{0,62}$/;

/** Where a form may be written to the gateway (every other write is JSON). */
export const CARRIER_TOKEN_PATHS = /^\/ingest\/v1\/carriers\/[^/]+\/oauth\/token\/?$/;

/** An OAuth error (RFC 6749 section 5.2) with Waybill's `detail` beside `error`, as carrier-link answers them. */
function oauthError(status: number, error: string, detail: string): HttpError {
  return new HttpError(status, detail, { error }, status === 401 ? { 'WWW-Authenticate': 'Basic realm="waybill-carrier-push"' } : {});
}

/**
 * The token request's form fields, as JSON for carrier-link (services take JSON only; the form is the
 * edge's to read). OAuth token requests are `application/x-www-form-urlencoded` (RFC 6749 section 4.4.2);
 * an empty body is an empty form (carrier-link then names the missing grant type).
 */
export function formAsJson(req: Request): Buffer {
  const raw = bodyOf(req);
  const type = (req.header('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (raw && type !== 'application/x-www-form-urlencoded') {
    throw oauthError(400, 'invalid_request', 'The token request must be a form (content-type application/x-www-form-urlencoded).');
  }
  return Buffer.from(JSON.stringify(Object.fromEntries(new URLSearchParams(raw?.toString('utf8') ?? ''))));
}

/**
 * `POST /ingest/v1/carriers/{carrier}/oauth/token` (docs/api/carrier-accounts.md#ups-track-alert): a carrier that pushes with OAuth
 * (UPS Track Alert) takes a Bearer token with the webhook client credentials Waybill generated for one
 * of its accounts. carrier-link checks them: the carrier's Authorization (client_secret_basic) goes as
 * `x-forwarded-authorization` (the internal token takes Authorization), and the internal token names
 * only the carrier of the path, so credentials of one carrier's account buy nothing on another's path.
 */
export function carrierTokenRoutes(deps: EdgeDeps): Router {
  const r = Router();
  r.all('/ingest/v1/carriers/:carrier_id/oauth/token', rawBody, async (req: Request, res: Response) => {
    if (req.method !== 'POST') throw new HttpError(405, `Method "${req.method}" not allowed.`, {}, { Allow: 'POST' });
    const carrierId = String(req.params.carrier_id);
    if (!CARRIER_ID.test(carrierId)) throw oauthError(401, 'invalid_client', `Carrier "${carrierId}" takes no push tokens.`);
    const body = formAsJson(req);
    const authorization = req.header('authorization');
    const o = outgoingOf(req, res, '', body);
    await forward(res, target(deps, SERVICE), `/ingest/v1/carriers/${encodeURIComponent(carrierId)}/oauth/token`,
      { company: '*', principal: `carrier:${carrierId}` }, deps.signer, {
        ...o, clientHeaders: { ...o.clientHeaders, 'content-type': 'application/json' },
        extraHeaders: authorization ? { 'x-forwarded-authorization': authorization } : undefined,
      });
  });
  return r;
}
