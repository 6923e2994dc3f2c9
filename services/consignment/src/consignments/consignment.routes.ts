import { Router, type Request } from 'express';
import { allowOnly, HttpError, principalOf, publicPrefix } from '@waybill/http';
import type { ConsignmentDeps } from './consignment.deps';
import { createConsignments } from './consignment.create';
import { updateConsignment } from './consignment.update';
import { cancelConsignment } from './consignment.cancel';
import { getConsignment, listConsignments, type ListQuery } from './consignment.query';
import { statusHistory } from './consignment.repository';
import { claimKey, releaseKey, requestHash, storeResponse } from '../idempotency/idempotency.repository';

/** The Idempotency-Key a request carries; a blank header is none. */
export function requestedKey(header: string | string[] | undefined): string | undefined {
  return String(header ?? '').trim() || undefined;
}

function idempotencyKey(req: Request): string | undefined {
  const key = requestedKey(req.header('idempotency-key'));
  if (key !== undefined && key.length > 255) throw new HttpError(400, 'Idempotency-Key: at most 255 characters.');
  return key;
}

function query(req: Request): ListQuery {
  const pick = (k: string) => (typeof req.query[k] === 'string' ? (req.query[k] as string) : undefined);
  return { offset: pick('offset'), limit: pick('limit'), status: pick('status'), identifier: pick('identifier'), order_number: pick('order_number'), direction: pick('direction'), return_for: pick('return_for') };
}

export function consignmentRoutes(deps: ConsignmentDeps, publicBaseUrl?: string): Router {
  const r = Router({ mergeParams: true });
  allowOnly(r, '/consignments', ['GET', 'POST']);
  allowOnly(r, '/consignment/:identifier', ['GET', 'PUT', 'DELETE']);
  allowOnly(r, '/consignment/:identifier/history', ['GET']);

  r.get('/consignments', async (req, res) => {
    res.json(await listConsignments(deps, principalOf(res).company, query(req), publicPrefix(req, publicBaseUrl)));
  });

  r.post('/consignments', async (req, res) => {
    const company = principalOf(res).company;
    const key = idempotencyKey(req);
    if (!key) {
      res.json(await createConsignments(deps, company, req.body));
      return;
    }
    const claim = await claimKey(deps.db, company, key, requestHash(req.body));
    if (claim.kind === 'replay') {
      res.setHeader('Idempotent-Replayed', 'true');
      res.json(claim.response);
      return;
    }
    try {
      const result = await createConsignments(deps, company, req.body, key);
      await storeResponse(deps.db, company, key, result);
      res.json(result);
    } catch (err) {
      await releaseKey(deps.db, company, key);
      throw err;
    }
  });

  r.get('/consignment/:identifier', async (req, res) => {
    res.json(await getConsignment(deps, principalOf(res).company, String(req.params.identifier)));
  });

  r.put('/consignment/:identifier', async (req, res) => {
    res.json(await updateConsignment(deps, principalOf(res).company, String(req.params.identifier), req.body));
  });

  r.delete('/consignment/:identifier', async (req, res) => {
    res.json(await cancelConsignment(deps, principalOf(res).company, String(req.params.identifier)));
  });

  r.get('/consignment/:identifier/history', async (req, res) => {
    const c = await getConsignment(deps, principalOf(res).company, String(req.params.identifier));
    const rows = await statusHistory(deps.db, principalOf(res).company, c.identifier as string);
    res.json(rows.map((h) => ({ status: h.status, reason: h.reason, at: new Date(h.at).toISOString() })));
  });

  return r;
}
