import express, { Router, type Request } from 'express';
import type { TrackedCarrier } from '../carriers/tracked-carrier';
import { BODY_LIMIT, ForbiddenError, HttpError, allowOnly, assertJsonDepth, principalOf } from '@waybill/http';
import type { TrackingDeps } from '../deps';
import { ingestPush } from './ingest.service';
import { readPush } from './push.reader';
import { SIGNATURE_HEADER, verifySignature } from './signature';

export const INGEST_PATH = '/ingest/v1/carriers/:carrier_id/tracking';

const unauthorized = (detail: string) => new HttpError(401, detail, {}, { 'WWW-Authenticate': `Signature realm="waybill-ingest", headers="${SIGNATURE_HEADER}"` });
const badToken = (detail: string) => new HttpError(401, detail, {}, { 'WWW-Authenticate': 'Bearer realm="waybill-carrier-push", error="invalid_token"' });

/** The carrier's own Authorization (the gateway's internal token takes the header, so it comes forwarded). */
export const CARRIER_AUTHORIZATION = 'x-forwarded-authorization';
export const CARRIER_API_KEY = 'x-api-key';

/**
 * Who may push: a carrier that pushes with OAuth (UPS Track Alert) presents a Bearer token issued by
 * carrier-link's token endpoint (checked here with the key derived from the same DATA_ENCRYPTION_KEY
 * purpose) and its client id as `x-api-key`; anything else, and every carrier's generic body, is signed
 * with the carrier's ingest secret. Either check happens before the body is parsed.
 */
async function authenticate(deps: TrackingDeps, carrier: TrackedCarrier, req: Request, raw: Buffer): Promise<void> {
  const bearer = req.header(CARRIER_AUTHORIZATION);
  if (carrier.pushesWithOAuth && (bearer !== undefined || req.header(SIGNATURE_HEADER) === undefined)) {
    if (!bearer) throw badToken(`${carrier.name} pushes need Authorization: Bearer <token> from the token endpoint, and x-api-key.`);
    const apiKey = req.header(CARRIER_API_KEY);
    if (!apiKey || !deps.pushTokens.verify(bearer, apiKey)) throw badToken('Invalid or expired token, or x-api-key is not the client it was issued to.');
    return;
  }
  const secret = await deps.secrets.get(carrier.identifier);
  if (!secret) throw unauthorized(`Unknown carrier "${carrier.identifier}".`);
  const check = verifySignature(req.header(SIGNATURE_HEADER), raw, secret, Math.floor(deps.now().getTime() / 1000));
  if (!check.ok) throw unauthorized(check.reason);
}

/**
 * The carrier push endpoint. The gateway forwards the raw bytes untouched; the carrier's HMAC over them
 * is checked before the body is even parsed, so nothing unauthenticated reaches the JSON reader.
 */
export function ingestRoutes(deps: TrackingDeps): Router {
  const r = Router();
  allowOnly(r, INGEST_PATH, ['POST']);
  r.post(INGEST_PATH, express.raw({ type: () => true, limit: BODY_LIMIT }), async (req, res) => {
    const carrierId = String(req.params.carrier_id);
    // The gateway vouches for which carrier path it forwarded; a token for one carrier cannot push as another.
    if (principalOf(res).principal !== `carrier:${carrierId}`) throw new ForbiddenError();
    const carrier = deps.registry.find(carrierId);
    if (!carrier || carrier.identifier !== carrierId) throw unauthorized(`Unknown carrier "${carrierId}".`);
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    await authenticate(deps, carrier, req, raw);
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch (err) {
      throw new HttpError(400, `JSON parse error - ${(err as Error).message}`);
    }
    assertJsonDepth(body);
    const result = await ingestPush(deps, carrier, readPush(carrier, body, deps.now()));
    res.status(202).json(result);
  });
  return r;
}
