import type { Kysely } from 'kysely';
import type { GatewayDb } from '../credentials/credentials.table';

export interface AuditEntry {
  company: string;
  /** What the log shows: a user name, `token:<label>`, `key:<label>` or `cli:<os user>`. */
  actor: string;
  /** The stable identity behind the actor: `user:<name>`, `token:<id>`, `key:<id>`, `cli:<os user>`. */
  principal: string;
  action: string;
  target: string | null;
  sourceIp: string | null;
  at?: Date;
}

export interface AuditRow {
  seq: string;
  at: Date;
  actor: string;
  action: string;
  target: string | null;
  source_ip: string | null;
}

export async function recordAudit(db: Kysely<GatewayDb>, e: AuditEntry): Promise<void> {
  await db.insertInto('audit_log').values({
    company: e.company, actor: e.actor, principal: e.principal, action: e.action, target: e.target, source_ip: e.sourceIp, ...(e.at && { at: e.at }),
  }).execute();
}

/** The company's entries newest first, after the cursor `beforeSeq` when given; `count` counts from this page on. */
export async function auditPage(db: Kysely<GatewayDb>, company: string, beforeSeq: string | null, limit: number): Promise<{ rows: AuditRow[]; count: number; more: boolean }> {
  let page = db.selectFrom('audit_log').select(['seq', 'at', 'actor', 'action', 'target', 'source_ip']).where('company', '=', company);
  let counted = db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).where('company', '=', company);
  if (beforeSeq !== null) {
    page = page.where('seq', '<', beforeSeq);
    counted = counted.where('seq', '<', beforeSeq);
  }
  const [rows, total] = await Promise.all([page.orderBy('seq', 'desc').limit(limit + 1).execute(), counted.executeTakeFirstOrThrow()]);
  return { rows: rows.slice(0, limit), count: Number(total.n), more: rows.length > limit };
}

/** Whether a cursor names an entry of this company (a cursor is only ever taken from a `next` URL). */
export async function auditSeqExists(db: Kysely<GatewayDb>, company: string, seq: string): Promise<boolean> {
  return Boolean(await db.selectFrom('audit_log').select('seq').where('company', '=', company).where('seq', '=', seq).executeTakeFirst());
}

/**
 * Deletes entries older than `before`, at most `batch` per statement so a large backlog never holds
 * one long transaction; returns how many went. Running it again deletes nothing more: idempotent.
 */
export async function purgeAuditBefore(db: Kysely<GatewayDb>, before: Date, batch = 5000): Promise<number> {
  let total = 0;
  for (;;) {
    const r = await db.deleteFrom('audit_log')
      .where('seq', 'in', (eb) => eb.selectFrom('audit_log').select('seq').where('at', '<', before).orderBy('at').limit(batch))
      .executeTakeFirst();
    const n = Number(r.numDeletedRows);
    total += n;
    if (n < batch) return total;
  }
}
