import { Router, type Response } from 'express';
import { HttpError, NotFoundError, allowOnly } from '@waybill/http';
import type { TrackingDeps } from '../deps';
import { findPodDocument } from './pod.repository';
import { POD_PATH } from './pod.url';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf', 'image/svg+xml': 'svg' };

/** Carrier documents are foreign content served from our origin: nothing in them may run or be sniffed. */
export function lockDownDocument(res: Response): void {
  res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox");
  res.setHeader('X-Content-Type-Options', 'nosniff');
}

/** `GET /pod/v1/documents/{id}?expires=…&signature=…`: the link itself is the credential. */
export function podRoutes(deps: TrackingDeps): Router {
  const r = Router();
  const path = `${POD_PATH}/:id`;
  allowOnly(r, path, ['GET']);
  r.get(path, async (req, res) => {
    const id = String(req.params.id);
    lockDownDocument(res);
    const check = deps.podUrls.check(id, req.query.expires, req.query.signature, deps.now());
    if (check === 'invalid') throw new HttpError(403, 'Invalid or missing link signature; use the document_url exactly as sent.');
    if (check === 'expired') throw new HttpError(410, 'This proof-of-delivery link has expired (links last 72 hours).');
    const doc = UUID.test(id) ? await findPodDocument(deps.db, id) : undefined;
    if (!doc) throw new NotFoundError();
    res.status(200)
      .type(doc.file_type)
      .setHeader('Cache-Control', 'private, max-age=3600')
      .setHeader('Content-Disposition', `inline; filename="proof-of-delivery-${doc.id}.${EXTENSIONS[doc.file_type] ?? 'bin'}"`)
      .send(doc.content);
  });
  return r;
}
