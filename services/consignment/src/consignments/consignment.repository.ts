import { sql, type Kysely, type Transaction } from 'kysely';
import { eventsInsert, eventsJson, type EventEnvelope } from '@waybill/messaging';
import { reusableQuery } from '@waybill/db';
import type { ConsignmentDb } from '../database';
import type { ConsignmentStatus } from './consignment.status';
import type { ConsignmentPatch, ConsignmentRow } from './consignment.table';

type Db = Kysely<ConsignmentDb> | Transaction<ConsignmentDb>;

/** The columns a create writes; the rest have defaults. */
const CREATED_COLUMNS = [
  'identifier', 'company', 'order_number', 'status', 'rejection_reason', 'requested_carrier', 'carrier_id', 'service_id',
  'consignment_number', 'carrier_account', 'tracking_url', 'warehouse_id', 'requested_options', 'data', 'direction', 'return_for',
] as const;
const JSON_COLUMNS: ReadonlySet<string> = new Set(['requested_options', 'data']);

/** A create's row, its JSON columns as values (not text): rows travel as one JSON array. */
export type CreatedRow = Pick<ConsignmentRow, (typeof CREATED_COLUMNS)[number]>;

const insertWithEvents = reusableQuery((db: Kysely<ConsignmentDb>, p) => {
  const fields = sql.join(CREATED_COLUMNS.map((col) => (JSON_COLUMNS.has(col) ? sql`e->${sql.lit(col)}` : sql`e->>${sql.lit(col)}`)));
  return eventsInsert(db
    .with('c', (q) => q.insertInto('consignments').columns([...CREATED_COLUMNS])
      .expression(sql`select ${fields} from jsonb_array_elements(${p('rows')}::jsonb) with ordinality as x(e, n) order by n`)
      .returning(['company', 'identifier', 'status', 'rejection_reason']))
    .with('h', (q) => q.insertInto('status_history').columns(['company', 'identifier', 'status', 'reason'])
      .expression((eb) => eb.selectFrom('c').select(['company', 'identifier', 'status', 'rejection_reason']))
      .returning('id')), p('events'));
});

/**
 * New consignments, their first status and their events in one statement: atomic without an explicit
 * transaction (a failure stores none of it), and one round trip where begin, three inserts and commit
 * took five. Rows and events travel as two JSON parameters, so the statement's text is the same for
 * every batch size and is built once.
 */
export async function insertConsignmentsWithEvents(db: Kysely<ConsignmentDb>, rows: CreatedRow[], events: EventEnvelope[]): Promise<void> {
  if (rows.length === 0) return;
  await insertWithEvents(db, { rows: JSON.stringify(rows), events: eventsJson(events) });
}

const byIdentifier = reusableQuery((db: Kysely<ConsignmentDb>, p) => db.selectFrom('consignments').selectAll()
  .where('identifier', '=', p('identifier')).where('company', '=', p('company')));

export async function findByIdentifier(db: Db, company: string, identifier: string): Promise<ConsignmentRow | undefined> {
  return (await byIdentifier(db, { identifier, company }))[0];
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

export async function recordStatus(
  trx: Transaction<ConsignmentDb>, company: string, identifier: string, status: ConsignmentStatus, reason: string | null,
): Promise<void> {
  await trx.insertInto('status_history').values({ company, identifier, status, reason }).execute();
}

export async function statusHistory(db: Db, company: string, identifier: string) {
  return db.selectFrom('status_history').select(['status', 'reason', 'at'])
    .where('company', '=', company).where('identifier', '=', identifier).orderBy('id').execute();
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
