import type { Insertable, Kysely, Updateable } from 'kysely';
import type { CarrierLinkDb } from '../database';
import type { AccountRow, CarrierAccountsTable } from './account.table';

type Db = Kysely<CarrierLinkDb>;

export async function insertAccount(db: Db, row: Insertable<CarrierAccountsTable>): Promise<AccountRow> {
  return db.insertInto('carrier_accounts').values(row).returningAll().executeTakeFirstOrThrow();
}

/** A company's live account (deleted ones only when asked, to cancel their consignments). */
export async function findAccount(db: Db, company: string, id: string, withDeleted = false): Promise<AccountRow | undefined> {
  let q = db.selectFrom('carrier_accounts').selectAll().where('company', '=', company).where('id', '=', id);
  if (!withDeleted) q = q.where('deleted_at', 'is', null);
  return q.executeTakeFirst();
}

export async function listAccounts(db: Db, company: string): Promise<AccountRow[]> {
  return db.selectFrom('carrier_accounts').selectAll().where('company', '=', company).where('deleted_at', 'is', null).orderBy('seq').execute();
}

export async function updateAccount(db: Db, company: string, id: string, patch: Updateable<CarrierAccountsTable>): Promise<AccountRow | undefined> {
  return db.updateTable('carrier_accounts').set({ ...patch, updated_at: new Date().toISOString() })
    .where('company', '=', company).where('id', '=', id).where('deleted_at', 'is', null)
    .returningAll().executeTakeFirst();
}

export async function softDeleteAccount(db: Db, company: string, id: string): Promise<boolean> {
  const res = await db.updateTable('carrier_accounts').set({ deleted_at: new Date().toISOString(), enabled: false })
    .where('company', '=', company).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
