import type { Kysely } from 'kysely';
import type { CarrierCall, CarrierCallPage } from '@waybill/contracts';
import { InvalidError, NotFoundError } from '@waybill/http';
import type { CarrierLinkDeps } from '../deps';
import type { CarrierLinkDb } from '../database';
import type { CarrierCallRow } from './call.table';

export const PAGE_SIZE = 50;
const MAX_LIMIT = 100;

type Filter = { company: string } & ({ consignment: string } | { account: string });

function parseLimit(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return PAGE_SIZE;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1) throw InvalidError.field('limit', 'A valid positive integer is required.');
  return Math.min(Number(raw), MAX_LIMIT);
}

function filtered(db: Kysely<CarrierLinkDb>, f: Filter, beforeSeq: string | null) {
  let q = db.selectFrom('carrier_calls').where('company', '=', f.company);
  q = 'consignment' in f ? q.where('consignment_identifier', '=', f.consignment) : q.where('account_id', '=', f.account);
  if (beforeSeq !== null) q = q.where('seq', '<', beforeSeq);
  return q;
}

const view = (r: CarrierCallRow): CarrierCall => ({
  id: r.id, at: new Date(r.at).toISOString(), carrier: r.carrier, account: r.account_id, operation: r.operation, method: r.method, url: r.url,
  status_code: r.status_code, duration_ms: r.duration_ms, outcome: r.outcome, error_source: r.error_source, carrier_code: r.carrier_code,
  message: r.message, request: r.request ?? null, response: r.response ?? null,
});

/**
 * One page of calls, newest first, 50 a page: `offset` is the id of the last call of the previous page,
 * `count` counts the calls from this page on (as the consignment list does); keyset, so a deep page costs
 * what the first does.
 */
export async function callPage(deps: CarrierLinkDeps, f: Filter, q: { offset?: string; limit?: string }, nextBase: string): Promise<CarrierCallPage> {
  const limit = parseLimit(q.limit);
  let beforeSeq: string | null = null;
  if (q.offset) {
    const cursor = await filtered(deps.db, f, null).select('seq').where('id', '=', /^[0-9a-f-]{36}$/i.test(q.offset) ? q.offset : '00000000-0000-0000-0000-000000000000').executeTakeFirst();
    if (!cursor) throw InvalidError.field('offset', `unknown call "${q.offset}".`);
    beforeSeq = cursor.seq;
  }
  const [rows, countRow] = await Promise.all([
    filtered(deps.db, f, beforeSeq).selectAll().orderBy('seq', 'desc').limit(limit + 1).execute(),
    filtered(deps.db, f, beforeSeq).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const results = rows.slice(0, limit).map(view);
  const next = rows.length > limit ? `${nextBase}?${new URLSearchParams({ offset: results[results.length - 1].id, limit: String(limit) })}` : null;
  return { count: Number(countRow.n), next, results };
}

/** The calls made for a consignment of the company; another company's (or no) consignment is a 404. */
export async function consignmentCalls(deps: CarrierLinkDeps, company: string, consignment: string, q: { offset?: string; limit?: string }, base: string): Promise<CarrierCallPage> {
  await deps.calls?.flush();
  const page = await callPage(deps, { company, consignment }, q, `${base}/consignment/${encodeURIComponent(consignment)}/carrier-calls`);
  if (page.results.length || q.offset) return page;
  const booked = await deps.db.selectFrom('bookings').select('consignment_identifier').where('company', '=', company).where('consignment_identifier', '=', consignment).executeTakeFirst();
  if (!booked && !(await deps.consignments?.exists(company, consignment))) throw new NotFoundError();
  return page;
}

/** The calls made through one of the company's carrier accounts (deleted accounts' too); another company's is a 404. */
export async function accountCalls(deps: CarrierLinkDeps, company: string, account: string, q: { offset?: string; limit?: string }, base: string): Promise<CarrierCallPage> {
  const owned = await deps.db.selectFrom('carrier_accounts').select('id').where('company', '=', company).where('id', '=', account).executeTakeFirst();
  if (!owned) throw new NotFoundError();
  await deps.calls?.flush();
  return callPage(deps, { company, account }, q, `${base}/carrier-accounts/${encodeURIComponent(account)}/calls`);
}
