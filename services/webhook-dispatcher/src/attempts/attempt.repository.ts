import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { DispatcherDb } from '../database';

export interface AttemptFilter {
  company: string;
  endpointId: string;
  /** Keyset cursor: only attempts older than this one (newest first). */
  beforeSeq: number | null;
}

function filtered(db: Kysely<DispatcherDb>, f: AttemptFilter): SelectQueryBuilder<DispatcherDb, 'attempts', object> {
  let q = db.selectFrom('attempts').where('attempts.company', '=', f.company).where('attempts.endpoint_id', '=', f.endpointId);
  if (f.beforeSeq !== null) q = q.where('attempts.seq', '<', f.beforeSeq);
  return q;
}

/** One page, newest first, plus the count from this page on; the cost does not grow with depth. */
export async function attemptPage(db: Kysely<DispatcherDb>, f: AttemptFilter, limit: number) {
  const [rows, countRow] = await Promise.all([
    filtered(db, f).innerJoin('messages', 'messages.event_id', 'attempts.event_id')
      .select(['attempts.id', 'attempts.event_id', 'messages.event_type', 'attempts.attempted_at', 'attempts.outcome', 'attempts.status_code',
        'attempts.latency_ms', 'attempts.response_head', 'attempts.error'])
      .orderBy('attempts.seq', 'desc').limit(limit + 1).execute(),
    filtered(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.slice(0, limit), more: rows.length > limit, count: Number(countRow.n) };
}

export async function attemptSeq(db: Kysely<DispatcherDb>, company: string, endpointId: string, id: string): Promise<number | undefined> {
  const row = await db.selectFrom('attempts').select('seq').where('company', '=', company).where('endpoint_id', '=', endpointId).where('id', '=', id).executeTakeFirst();
  return row?.seq;
}
