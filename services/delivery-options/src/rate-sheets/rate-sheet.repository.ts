import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DeliveryOptionsDb } from '../database';
import type { RateSheetDefinition } from '../engine/rate-sheet';
import type { RateSheetsTable } from './rate-sheet.table';

type Db = Kysely<DeliveryOptionsDb> | Transaction<DeliveryOptionsDb>;
export type RateSheetRow = Selectable<RateSheetsTable>;

export async function listRateSheets(db: Db, company: string): Promise<RateSheetRow[]> {
  return db.selectFrom('rate_sheets').selectAll().where('company', '=', company).orderBy('created_at').orderBy('id').execute();
}

export async function findRateSheet(db: Db, company: string, id: string): Promise<RateSheetRow | undefined> {
  return db.selectFrom('rate_sheets').selectAll().where('company', '=', company).where('id', '=', id).executeTakeFirst();
}

/** The company's sheet for a service (`serviceKey`: its id in lower case), if any. */
export async function findRateSheetForService(db: Db, company: string, serviceKey: string): Promise<RateSheetRow | undefined> {
  return db.selectFrom('rate_sheets').selectAll().where('company', '=', company).where('service_key', '=', serviceKey).executeTakeFirst();
}

export async function countRateSheets(db: Db, company: string): Promise<number> {
  const row = await db.selectFrom('rate_sheets').select((eb) => eb.fn.countAll<string>().as('n')).where('company', '=', company).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertRateSheet(trx: Transaction<DeliveryOptionsDb>, company: string, definition: RateSheetDefinition): Promise<RateSheetRow> {
  return trx.insertInto('rate_sheets')
    .values({ id: randomUUID(), company, service_key: definition.service_id.toLowerCase(), definition: JSON.stringify(definition) })
    .returningAll().executeTakeFirstOrThrow();
}

export async function replaceRateSheet(trx: Transaction<DeliveryOptionsDb>, company: string, id: string, definition: RateSheetDefinition): Promise<RateSheetRow | undefined> {
  return trx.updateTable('rate_sheets')
    .set({ service_key: definition.service_id.toLowerCase(), definition: JSON.stringify(definition), updated_at: new Date().toISOString() })
    .where('company', '=', company).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteRateSheet(trx: Transaction<DeliveryOptionsDb>, company: string, id: string): Promise<boolean> {
  const res = await trx.deleteFrom('rate_sheets').where('company', '=', company).where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
