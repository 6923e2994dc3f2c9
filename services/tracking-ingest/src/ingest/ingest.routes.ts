import express, { Router } from 'express';
import { BODY_LIMIT, ForbiddenError, HttpError, allowOnly, assertJsonDepth, principalOf } from '@waybill/http';
import type { TrackingDeps } from '../deps';
import { ingestPush } from './ingest.service';
import { readPush } from './push.reader';
import { SIGNATURE_HEADER, verifySignature } from './signature';

export const INGEST_PATH = '/ingest/v1/carriers/:carrier_id/tracking';

const unauthorized = (detail: string) => new HttpError(401, detail, {}, { 'WWW-Authenticate': `Signature realm="waybill-ingest", headers="${SIGNATURE_HEADER}"` });

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
    const secret = carrier && carrier.identifier === carrierId ? await deps.secrets.get(carrier.identifier) : null;
    if (!carrier || !secret) throw unauthorized(`Unknown carrier "${carrierId}".`);
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const check = verifySignature(req.header(SIGNATURE_HEADER), raw, secret, Math.floor(deps.now().getTime() / 1000));
    if (!check.ok) throw unauthorized(check.reason);
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
