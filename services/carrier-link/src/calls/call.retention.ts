import { sql, type Kysely } from 'kysely';
import type { CarrierLinkDb } from '../database';
import { maskPersonalData } from './personal-data';

export interface RetentionPolicy {
  /** Personal data in a call is masked once it is this many days old (`CARRIER_LOG_PERSONAL_DATA_DAYS`, 30). */
  personalDataDays: number;
  /** A call is deleted once it is this many days old (90). */
  retentionDays: number;
  /** Rows per statement: no statement holds many locks or runs long. */
  batch?: number;
}

const DAY_MS = 86_400_000;

export function retentionPolicyOf(env: Record<string, string | undefined>): RetentionPolicy {
  const raw = env.CARRIER_LOG_PERSONAL_DATA_DAYS?.trim();
  const days = raw && /^\d+$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 30;
  return { personalDataDays: days, retentionDays: 90 };
}

/**
 * One pass of the call log's retention, in batches until nothing is left to do: deletes calls older than
 * the retention period, then masks the personal data of calls past the personal-data period. Idempotent
 * (a masked row is marked and never read again; a deleted row is gone), and safe beside another replica's
 * pass (rows being masked elsewhere are skipped, not waited for).
 */
export async function applyRetention(db: Kysely<CarrierLinkDb>, now: Date, policy: RetentionPolicy): Promise<{ deleted: number; masked: number }> {
  const batch = policy.batch ?? 500;
  const deleteBefore = new Date(now.getTime() - policy.retentionDays * DAY_MS);
  const maskBefore = new Date(now.getTime() - policy.personalDataDays * DAY_MS);
  let deleted = 0;
  for (;;) {
    const gone = await db.deleteFrom('carrier_calls')
      .where('seq', 'in', (eb) => eb.selectFrom('carrier_calls').select('seq').where('at', '<', deleteBefore).limit(batch))
      .executeTakeFirst();
    const n = Number(gone.numDeletedRows);
    deleted += n;
    if (n < batch) break;
  }
  let masked = 0;
  for (;;) {
    const n = await maskBatch(db, maskBefore, now, batch);
    masked += n;
    if (n < batch) break;
  }
  return { deleted, masked };
}

async function maskBatch(db: Kysely<CarrierLinkDb>, before: Date, now: Date, batch: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('carrier_calls').select(['seq', 'request', 'response', 'message'])
      .where('personal_data_masked_at', 'is', null).where('at', '<', before)
      .orderBy('at').limit(batch).forUpdate().skipLocked().execute();
    if (!rows.length) return 0;
    const masked = rows.map((r) => ({
      seq: r.seq,
      request: r.request === null ? null : maskPersonalData(r.request),
      response: r.response === null ? null : maskPersonalData(r.response),
      message: r.message === null ? null : maskPersonalData(r.message),
    }));
    // One statement for the batch: the masked bodies travel as one JSON parameter.
    const m = sql<{ seq: string; request: unknown; response: unknown; message: string | null }>`jsonb_to_recordset(${JSON.stringify(masked)}::jsonb)`
      .as(sql`m(seq bigint, request jsonb, response jsonb, message text)` as never);
    await trx.updateTable('carrier_calls').from(m)
      .set({ request: sql`m.request`, response: sql`m.response`, message: sql`m.message`, personal_data_masked_at: now.toISOString() } as never)
      .whereRef('carrier_calls.seq', '=', sql.ref('m.seq') as never)
      .execute();
    return rows.length;
  });
}
