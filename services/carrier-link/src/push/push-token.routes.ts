import { Router, type Request, type Response } from 'express';
import { basicCredentials, secretMatches, type PushTokens } from '@waybill/carriers';
import { allowOnly, principalOf } from '@waybill/http';
import type { CarrierLinkDeps } from '../deps';

/** An OAuth error answer (RFC 6749 section 5.2), with Waybill's `detail` beside `error`. */
function oauthError(res: Response, status: number, error: string, detail: string): void {
  if (status === 401) res.set('WWW-Authenticate', 'Basic realm="waybill-carrier-push"');
  res.status(status).json({ error, detail });
}

/**
 * `POST /ingest/v1/carriers/{carrier}/oauth/token` (mounted under `/ingest/v1/carriers`): a carrier that pushes with OAuth (UPS Track Alert)
 * takes a token with the webhook client credentials of one of its accounts (client_secret_basic, form
 * body `grant_type=client_credentials`). The gateway forwards it with its internal token naming the
 * carrier of the path, the carrier's own Authorization header as `x-forwarded-authorization`, and the
 * form's fields as a JSON body (services take JSON only; the form is the edge's to read).
 * tracking-ingest checks the pushes' tokens with the same derived key.
 */
export function pushTokenRoutes(deps: CarrierLinkDeps, tokens: PushTokens): Router {
  const r = Router();
  const path = '/:carrier_id/oauth/token';
  allowOnly(r, path, ['POST']);
  r.post(path, async (req: Request, res: Response) => {
    const carrier = String(req.params.carrier_id);
    if (principalOf(res).principal !== `carrier:${carrier}` || !deps.adapters.get(carrier)?.pushesWithOAuth) {
      return oauthError(res, 401, 'invalid_client', `Carrier "${carrier}" takes no push tokens.`);
    }
    // The gateway's internal token takes Authorization; the carrier's own comes as x-forwarded-authorization.
    const client = basicCredentials(req.header('x-forwarded-authorization'));
    const row = client ? await deps.db.selectFrom('carrier_accounts').select(['webhook_secret_hash', 'carrier'])
      .where('webhook_client_id', '=', client.id).where('deleted_at', 'is', null).executeTakeFirst() : undefined;
    if (!client || !row?.webhook_secret_hash || row.carrier !== carrier || !secretMatches(client.secret, row.webhook_secret_hash)) {
      return oauthError(res, 401, 'invalid_client', 'Unknown client id or wrong client secret.');
    }
    if (req.body?.grant_type !== 'client_credentials') {
      return oauthError(res, 400, 'unsupported_grant_type', 'grant_type: only client_credentials is supported.');
    }
    res.set('Cache-Control', 'no-store').json(tokens.issue(client.id));
  });
  return r;
}
