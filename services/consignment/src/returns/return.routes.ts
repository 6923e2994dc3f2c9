import { Router } from 'express';
import { allowOnly, HttpError, principalOf } from '@waybill/http';
import type { ConsignmentDeps } from '../consignments/consignment.deps';
import { requestedKey } from '../consignments/consignment.routes';
import { claimKey, releaseKey, requestHash, storeResponse } from '../idempotency/idempotency.repository';
import { createReturn } from './return.create';

/** POST /consignment/:identifier/returns (docs/api/returns.md): 201 with the return; Idempotency-Key as on create. */
export function returnRoutes(deps: ConsignmentDeps): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, '/consignment/:identifier/returns', ['POST']);

  r.post('/consignment/:identifier/returns', async (req, res) => {
    const company = principalOf(res).company;
    const outbound = String(req.params.identifier);
    const key = requestedKey(req.header('idempotency-key'));
    if (key !== undefined && key.length > 255) throw new HttpError(400, 'Idempotency-Key: at most 255 characters.');
    if (!key) {
      res.status(201).json(await createReturn(deps, company, outbound, req.body));
      return;
    }
    // The key's request is the outbound and the body: the same key on another consignment is another request.
    const claim = await claimKey(deps.db, company, key, requestHash({ returns_of: outbound, body: req.body ?? null }));
    if (claim.kind === 'replay') {
      res.setHeader('Idempotent-Replayed', 'true');
      res.status(201).json(claim.response);
      return;
    }
    try {
      const made = await createReturn(deps, company, outbound, req.body, key);
      await storeResponse(deps.db, company, key, made);
      res.status(201).json(made);
    } catch (err) {
      await releaseKey(deps.db, company, key);
      throw err;
    }
  });

  return r;
}
