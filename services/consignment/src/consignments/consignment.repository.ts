import { sql, type Kysely, type Transaction } from 'kysely';
import { eventsInsert, type EventEnvelope } from '@waybill/messaging';
import type { ConsignmentDb } from '../database';
import type { ConsignmentStatus } from './consignment.status';
import type { ConsignmentPatch, ConsignmentRow, NewConsignmentRow } from './consignment.table';

type Db = Kysely<ConsignmentDb> | Transaction<ConsignmentDb>;

/**
 * New consignments, their first status and their events in one statement: atomic without an explicit
 * transaction (a failure stores none of it), and one round trip where begin, three inserts and commit
 * took five. On a create-heavy day those round trips were most of the service's and Postgres's CPU.
 */
export async function insertConsignmentsWithEvents(db: Kysely<ConsignmentDb>, rows: NewConsignmentRow[], events: EventEnvelope[]): Promise<void> {
  if (rows.length === 0) return;
  const withRows = db
    .with('c', (q) => q.insertInto('consignments').values(rows).returning(['identifier', 'status', 'rejection_reason']))
    .with('h', (q) => q.insertInto('status_history').columns(['identifier', 'status', 'reason'])
      .expression((eb) => eb.selectFrom('c').select(['identifier', 'status', 'rejection_reason']))
      .returning('id'));
  await eventsInsert(withRows, events).execute();
}

export async function findByIdentifier(db: Db, company: string, identifier: string): Promise<ConsignmentRow | undefined> {
  return db.selectFrom('consignments').selectAll()
    .where('identifier', '=', identifier).where('company', '=', company)
    .executeTakeFirst();
}

export async function existingIdentifiers(db: Db, company: string, identifiers: string[]): Promise<Set<string>> {
  if (identifiers.length === 0) return new Set();
  const rows = await db.selectFrom('consignments').select('identifier')
    .where('company', '=', company).where('identifier', 'in', identifiers).execute();
  return new Set(rows.map((r) => r.identifier));
}

/**
 * Optimistic update: succeeds only if nobody changed the row since it was read (carrier calls happen
 * between the read and this write, outside any transaction).
 */
export async function updateIfVersion(
  trx: Transaction<ConsignmentDb>, company: string, identifier: string, version: number, patch: ConsignmentPatch,
): Promise<ConsignmentRow | undefined> {
  return trx.updateTable('consignments')
    .set({ ...patch, version: sql`version + 1`, updated_at: new Date().toISOString() })
    .where('company', '=', company).where('identifier', '=', identifier).where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
}

export async function recordStatus(trx: Transaction<ConsignmentDb>, identifier: string, status: ConsignmentStatus, reason: string | null): Promise<void> {
  await trx.insertInto('status_history').values({ identifier, status, reason }).execute();
}

export async function statusHistory(db: Db, identifier: string) {
  return db.selectFrom('status_history').select(['status', 'reason', 'at']).where('identifier', '=', identifier).orderBy('id').execute();
}

/** Moves a consignment from one status to another only if it is still in `from` (an event may arrive late). */
export async function moveStatusIf(
  trx: Transaction<ConsignmentDb>, company: string, identifier: string, from: ConsignmentStatus, to: ConsignmentStatus,
): Promise<ConsignmentRow | undefined> {
  return trx.updateTable('consignments')
    .set({ status: to, version: sql`version + 1`, updated_at: new Date().toISOString() })
    .where('company', '=', company).where('identifier', '=', identifier).where('status', '=', from)
    .returningAll()
    .executeTakeFirst();
}
