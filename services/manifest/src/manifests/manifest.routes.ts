import { Router, type Request } from 'express';
import { allowOnly, ConflictError, HttpError, NotFoundError, principalOf } from '@waybill/http';
import type { ManifestDeps } from './manifest.deps';
import { createManifest } from './manifest.create';
import { documentOf, findState } from './manifest.repository';

const MANIFEST_ID = /^[0-9a-f]{32}$/;

function idempotencyKey(req: Request): string | undefined {
  const key = req.header('idempotency-key')?.trim();
  if (key === undefined || key === '') return undefined;
  if (key.length > 255) throw new HttpError(400, 'Idempotency-Key: at most 255 characters.');
  return key;
}

export function manifestRoutes(deps: ManifestDeps): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, '/manifest', ['POST']);
  allowOnly(r, '/manifest/:id/documents', ['GET']);

  r.post('/manifest', async (req, res) => {
    const { identifier, replayed, consignmentIds } = await createManifest(deps, principalOf(res).company, req.body, idempotencyKey(req));
    if (replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.status(201).json(consignmentIds ? { identifier, consignment_ids: consignmentIds } : { identifier });
  });

  r.get('/manifest/:id/documents', async (req, res) => {
    const id = String(req.params.id);
    const m = MANIFEST_ID.test(id) ? await findState(deps.db, principalOf(res).company, id) : undefined;
    if (!m) throw new NotFoundError();
    if (m.state === 'failed') throw new ConflictError(m.failure_reason ?? 'The manifest document could not be generated.');
    const pdf = m.state === 'ready' ? await documentOf(deps.db, id) : undefined;
    if (!pdf) {
      // Still claiming or generating: nothing to send yet; the client retries.
      res.setHeader('Retry-After', '2');
      res.status(204).end();
      return;
    }
    res.setHeader('Cache-Control', 'private, max-age=300');
    res.json({ documents: pdf.toString('base64') });
  });

  return r;
}
