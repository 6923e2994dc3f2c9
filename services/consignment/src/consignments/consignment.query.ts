import { InvalidError, NotFoundError } from '@waybill/http';
import type { ConsignmentDeps } from './consignment.deps';
import { findByIdentifier } from './consignment.repository';
import { listPage, numberCommitted, seqOf, type ListFilter } from './consignment.list.repository';
import { parseStatus, STATUSES } from './consignment.status';
import { toApi } from './consignment.mapper';
import { returnsOf } from '../returns/return.repository';

export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 100;

export async function getConsignment(deps: ConsignmentDeps, company: string, identifier: string): Promise<Record<string, unknown>> {
  const row = await findByIdentifier(deps.db, company, identifier);
  if (!row) throw new NotFoundError();
  const [ctx, returns] = await Promise.all([deps.companies.get(company), returnsOf(deps.db, company, row.direction === 'return' ? [] : [row.identifier])]);
  return toApi(row, ctx.names, ctx.settings.extraCustomFields, returns.get(row.identifier));
}

export interface ListQuery {
  offset?: string;
  limit?: string;
  status?: string;
  identifier?: string;
  order_number?: string;
  /** `outbound` or `return` (docs/api/returns.md). */
  direction?: string;
  return_for?: string;
}

function parseLimit(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_LIMIT;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1) throw InvalidError.field('limit', 'A valid positive integer is required.');
  return Math.min(Number(raw), MAX_LIMIT);
}

/** One page of `{count, next, results}`; `count` counts matches from this page on, as Scurri's does. */
export async function listConsignments(deps: ConsignmentDeps, company: string, q: ListQuery, baseUrl: string) {
  const limit = parseLimit(q.limit);
  const status = q.status === undefined || q.status === '' ? undefined : parseStatus(q.status);
  if (q.status && !status) throw InvalidError.field('status', `"${q.status}" is not a valid choice. Choose from ${STATUSES.join(', ')}.`);
  await numberCommitted(deps.db, company);
  let afterSeq: number | null = null;
  if (q.offset) {
    const seq = await seqOf(deps.db, company, q.offset);
    if (seq === undefined) throw InvalidError.field('offset', `unknown consignment identifier "${q.offset}".`);
    afterSeq = seq;
  }
  const direction = q.direction === undefined || q.direction === '' ? undefined : q.direction.trim().toLowerCase();
  if (direction !== undefined && direction !== 'outbound' && direction !== 'return') {
    throw InvalidError.field('direction', `"${q.direction}" is not a valid choice. Choose from outbound, return.`);
  }
  const filter: ListFilter = {
    company, afterSeq, status, direction, returnFor: q.return_for || undefined,
    identifier: q.identifier || undefined, orderNumber: q.order_number === undefined || q.order_number === '' ? undefined : q.order_number,
  };
  const [page, ctx] = await Promise.all([listPage(deps.db, filter, limit), deps.companies.get(company)]);
  let next: string | null = null;
  if (page.more) {
    const params = new URLSearchParams();
    params.set('offset', page.rows[page.rows.length - 1].identifier);
    params.set('limit', String(limit));
    if (q.status) params.set('status', q.status);
    if (filter.identifier) params.set('identifier', filter.identifier);
    if (filter.orderNumber !== undefined) params.set('order_number', filter.orderNumber);
    if (filter.direction) params.set('direction', filter.direction);
    if (filter.returnFor) params.set('return_for', filter.returnFor);
    next = `${baseUrl}/consignments?${params.toString()}`;
  }
  const returns = await returnsOf(deps.db, company, page.rows.filter((r) => r.direction !== 'return').map((r) => r.identifier));
  return { count: page.count, next, results: page.rows.map((r) => toApi(r, ctx.names, ctx.settings.extraCustomFields, returns.get(r.identifier))) };
}
