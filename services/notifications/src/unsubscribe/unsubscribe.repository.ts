import type { Kysely, Transaction } from 'kysely';
import type { NotificationsDb } from '../database';
import { addressHash, type UnsubscribeKeys } from './unsubscribe.token';

type Db = Kysely<NotificationsDb> | Transaction<NotificationsDb>;

/** Records that an address wants no more of the company's e-mails; a second time changes nothing. */
export async function unsubscribeAddress(db: Db, keys: UnsubscribeKeys, company: string, address: string): Promise<void> {
  await db.insertInto('unsubscribes').values({ company, address_hash: addressHash(keys, address) })
    .onConflict((oc) => oc.doNothing()).execute();
}

export async function isUnsubscribed(db: Db, keys: UnsubscribeKeys, company: string, address: string): Promise<boolean> {
  const row = await db.selectFrom('unsubscribes').select('company')
    .where('company', '=', company).where('address_hash', '=', addressHash(keys, address)).executeTakeFirst();
  return row !== undefined;
}
