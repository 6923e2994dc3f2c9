import { Router } from 'express';
import { allowOnly, principalOf } from '@waybill/http';
import { consignmentDocuments, type DocumentsDeps } from './documents.service';

/** GET /consignment/:identifier/documents: labels and customs invoices (docs/api/labels-and-documents.md). */
export function documentsRoutes(deps: DocumentsDeps): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, '/consignment/:identifier/documents', ['GET']);
  r.get('/consignment/:identifier/documents', async (req, res) => {
    const docs = await consignmentDocuments(deps, principalOf(res).company, String(req.params.identifier), req.query as Record<string, unknown>);
    res.setHeader('cache-control', 'no-store');
    res.json(docs);
  });
  return r;
}
