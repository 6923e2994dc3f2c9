import { type Kysely, type Transaction, type Updateable } from 'kysely';
import type { DispatcherDb } from '../database';
import type { EndpointRow, EndpointsTable, NewEndpointRow } from './endpoint.table';

type Db = Kysely<DispatcherDb> | Transaction<DispatcherDb>;

/** Every query names the company: an id of another company's endpoint finds nothing. */
export async function findEndpoint(db: Db, company: string, id: string): Promise<EndpointRow | undefined> {
  return db.selectFrom('endpoints').selectAll().where('company', '=', company).where('id', '=', id).executeTakeFirst();
}

/**
 * The endpoint row locked for this transaction: claims and failures of one endpoint serialise on it.
 * NO KEY UPDATE: new deliveries referencing the endpoint can still be inserted meanwhile.
 */
export async function lockEndpoint(trx: Transaction<DispatcherDb>, company: string, id: string): Promise<EndpointRow | undefined> {
  return trx.selectFrom('endpoints').selectAll().where('company', '=', company).where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
}

export async function listEndpoints(db: Db, company: string): Promise<EndpointRow[]> {
  return db.selectFrom('endpoints').selectAll().where('company', '=', company).orderBy('seq').execute();
}

export async function insertEndpoint(db: Db, row: NewEndpointRow): Promise<EndpointRow> {
  return db.insertInto('endpoints').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateEndpoint(db: Db, company: string, id: string, patch: Updateable<EndpointsTable>): Promise<EndpointRow | undefined> {
  return db.updateTable('endpoints').set({ ...patch, updated_at: new Date() })
    .where('company', '=', company).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteEndpoint(db: Db, company: string, id: string): Promise<boolean> {
  const res = await db.deleteFrom('endpoints').where('company', '=', company).where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** Enabled endpoints of these companies, with the kinds of webhook each subscribes to, in creation order. */
export async function subscribersOf(db: Db, companies: readonly string[]): Promise<Array<Pick<EndpointRow, 'id' | 'company' | 'event_types'>>> {
  if (companies.length === 0) return [];
  return db.selectFrom('endpoints').select(['id', 'company', 'event_types'])
    .where('company', 'in', [...companies]).where('enabled', '=', true)
    .orderBy('seq').execute();
}
