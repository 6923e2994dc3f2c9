import { Router, type Request } from 'express';
import { allowOnly, InvalidError, principalOf, publicPrefix } from '@waybill/http';
import type { CarrierLinkDeps } from '../deps';
import { bookCollection, cancelCollection, getCollection } from './collection.service';
import { listCollections } from './collection.repository';
import { toApiCollection } from './collection.mapper';
import { validDate } from './collection.input';

const q = (req: Request, k: string) => (typeof req.query[k] === 'string' && req.query[k] !== '' ? (req.query[k] as string) : undefined);

/**
 * The public collections API (docs/api/collections.md), forwarded by the gateway under
 * `/companies/:company/collections`: book, list, read and cancel the carrier's van to a warehouse.
 */
export function collectionRoutes(deps: CarrierLinkDeps, publicBaseUrl?: string): Router {
  const r = Router({ mergeParams: true });
  const C = '/collections';
  allowOnly(r, C, ['GET', 'POST']);
  allowOnly(r, `${C}/:id`, ['GET', 'DELETE']);
  r.post(C, async (req, res) => {
    res.status(201).json(await bookCollection(deps, principalOf(res).company, req.body));
  });
  r.get(C, async (req, res) => {
    const company = principalOf(res).company;
    const limitText = q(req, 'limit') ?? '50';
    const limit = Number(limitText);
    if (!/^\d+$/.test(limitText) || limit < 1) throw InvalidError.field('limit', 'Expected a positive integer.');
    const date = q(req, 'date');
    if (date !== undefined && !validDate(date)) throw InvalidError.field('date', 'Expected a date, YYYY-MM-DD.');
    const offset = q(req, 'offset');
    let afterSeq: string | undefined;
    if (offset !== undefined) afterSeq = (await getCollection(deps, company, offset).catch(() => { throw InvalidError.field('offset', `unknown collection identifier "${offset}".`); })).seq;
    const filter = { company, warehouseId: q(req, 'warehouse_id'), date, afterSeq };
    const page = await listCollections(deps.db, filter, Math.min(limit, 100));
    let next: string | null = null;
    if (page.more) {
      const params = new URLSearchParams({ offset: page.rows[page.rows.length - 1].identifier, limit: String(Math.min(limit, 100)) });
      if (filter.warehouseId) params.set('warehouse_id', filter.warehouseId);
      if (date) params.set('date', date);
      next = `${publicPrefix(req, publicBaseUrl)}/collections?${params.toString()}`;
    }
    res.json({ count: page.count, next, results: page.rows.map(toApiCollection) });
  });
  r.get(`${C}/:id`, async (req, res) => {
    res.json(toApiCollection(await getCollection(deps, principalOf(res).company, String(req.params.id))));
  });
  r.delete(`${C}/:id`, async (req, res) => {
    res.json(await cancelCollection(deps, principalOf(res).company, String(req.params.id)));
  });
  return r;
}
