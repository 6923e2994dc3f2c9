import { sql, type Kysely, type Selectable } from 'kysely';
import type { NotificationTable, NotificationsDb, Outcome } from '../database';

type Db = Kysely<NotificationsDb>;

/**
 * Takes an e-mail for one attempt: only from `pending` or `retrying`, so two workers (or a job and the
 * sweeper's copy) can never both send it. `sending` is committed before the server is contacted.
 */
export async function claim(db: Db, id: string): Promise<Selectable<NotificationTable> | undefined> {
  return db.updateTable('notifications').set({ outcome: 'sending', attempts: sql`attempts + 1`, claimed_at: new Date() })
    .where('id', '=', id).where('outcome', 'in', ['pending', 'retrying'])
    .returningAll().executeTakeFirst();
}

export async function findNotification(db: Db, id: string): Promise<Selectable<NotificationTable> | undefined> {
  return db.selectFrom('notifications').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves an e-mail on from one of `from`; `detail` undefined keeps the last one. */
export async function record(db: Db, id: string, outcome: Outcome, detail: string | null | undefined, from: Outcome[] = ['sending']): Promise<void> {
  await db.updateTable('notifications')
    .set({ outcome, ...(detail !== undefined ? { detail } : {}), ...(outcome === 'sent' ? { sent_at: new Date() } : {}) })
    .where('id', '=', id).where('outcome', 'in', from).execute();
}

/** E-mails decided before `before` and never queued (a crash between commit and enqueue). */
export async function stillPending(db: Db, before: Date, limit = 500): Promise<string[]> {
  const rows = await db.selectFrom('notifications').select('id')
    .where(sql<boolean>`outcome in ('pending', 'sending')`).where('outcome', '=', 'pending').where('created_at', '<', before)
    .orderBy('created_at').limit(limit).execute();
  return rows.map((r) => r.id);
}

/** Sends that started before `before` and never finished: the sender died mid-send. Not sent again. */
export async function interruptStale(db: Db, before: Date): Promise<number> {
  const res = await db.updateTable('notifications').set({ outcome: 'interrupted', detail: 'The sender stopped during the attempt; not sent again, so never twice.' })
    .where(sql<boolean>`outcome in ('pending', 'sending')`).where('outcome', '=', 'sending').where('claimed_at', '<', before)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
