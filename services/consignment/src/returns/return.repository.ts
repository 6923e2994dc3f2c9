import { sql, type Kysely } from 'kysely';
import type { ConsignmentDb } from '../database';
import type { ReturnedItem } from './return.items';

/** The returns of each given outbound, oldest first (docs/api/returns.md: `returns`). */
export async function returnsOf(db: Kysely<ConsignmentDb>, company: string, outbound: readonly string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  if (outbound.length === 0) return found;
  const rows = await db.selectFrom('consignments').select(['identifier', 'return_for'])
    .where('company', '=', company).where('return_for', 'in', [...outbound]).orderBy('seq').execute();
  for (const r of rows) found.set(r.return_for!, [...(found.get(r.return_for!) ?? []), r.identifier]);
  return found;
}

/** What the outbound's returns (those not cancelled) take back, line by line. */
export async function earlierLines(db: Kysely<ConsignmentDb>, company: string, outbound: string): Promise<ReturnedItem[]> {
  const rows = await db.selectFrom('consignments').select(sql<ReturnedItem[] | null>`data->'return_items'`.as('items'))
    .where('company', '=', company).where('return_for', '=', outbound).where('status', '!=', 'Cancelled').execute();
  return rows.flatMap((r) => r.items ?? []);
}

/** Locks an outbound consignment's row until the transaction ends: its returns are then counted one at a time. */
export async function lockOutbound(trx: Kysely<ConsignmentDb>, company: string, outbound: string): Promise<void> {
  await trx.selectFrom('consignments').select('seq').where('company', '=', company).where('identifier', '=', outbound).forUpdate().execute();
}
