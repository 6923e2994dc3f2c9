import type { WebhookAttempt, WebhookAttemptPage } from '@waybill/contracts';
import { InvalidError } from '@waybill/http';
import type { DispatcherDeps } from '../deps';
import { requireEndpoint } from '../endpoints/endpoint.service';
import { attemptPage, attemptSeq } from './attempt.repository';

export const PAGE_SIZE = 50;
const MAX_LIMIT = 100;

function parseLimit(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return PAGE_SIZE;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1) throw InvalidError.field('limit', 'A valid positive integer is required.');
  return Math.min(Number(raw), MAX_LIMIT);
}

/**
 * `{count, next, results}` of an endpoint's attempts, newest first, 50 a page: `offset` is the id of
 * the last attempt of the previous page and `count` counts attempts from this page on, like the
 * consignment list.
 */
export async function listAttempts(deps: DispatcherDeps, company: string, endpointId: string, q: { offset?: string; limit?: string }, baseUrl: string): Promise<WebhookAttemptPage> {
  await requireEndpoint(deps, company, endpointId);
  const limit = parseLimit(q.limit);
  let beforeSeq: number | null = null;
  if (q.offset) {
    const seq = await attemptSeq(deps.db, company, endpointId, q.offset);
    if (seq === undefined) throw InvalidError.field('offset', `unknown attempt "${q.offset}".`);
    beforeSeq = seq;
  }
  const page = await attemptPage(deps.db, { company, endpointId, beforeSeq }, limit);
  const results: WebhookAttempt[] = page.rows.map((r) => ({
    id: r.id, event_id: r.event_id, event_type: r.event_type, attempted_at: new Date(r.attempted_at).toISOString(), outcome: r.outcome,
    status_code: r.status_code, latency_ms: r.latency_ms, response_head: r.response_head, error: r.error,
  }));
  let next: string | null = null;
  if (page.more) {
    const params = new URLSearchParams({ offset: results[results.length - 1].id, limit: String(limit) });
    next = `${baseUrl}/webhooks/endpoints/${encodeURIComponent(endpointId)}/attempts?${params.toString()}`;
  }
  return { count: page.count, next, results };
}
