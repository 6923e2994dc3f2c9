import type { Kysely } from 'kysely';
import type { ConsignmentDb } from '../database';
import { aliasKey, type AliasEntry } from './service-aliases';

type Db = Kysely<ConsignmentDb>;

export async function loadAliases(db: Db, company: string): Promise<AliasEntry[]> {
  return db.selectFrom('service_aliases').select(['alias', 'target']).where('company', '=', company).orderBy('position').execute();
}

/** The company's whole map replaced in one transaction: readers see the old map or the new one, never a mix. */
export async function replaceAliases(db: Db, company: string, entries: readonly AliasEntry[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('service_aliases').where('company', '=', company).execute();
    if (entries.length === 0) return;
    await trx.insertInto('service_aliases')
      .values(entries.map((e, position) => ({ company, alias_key: aliasKey(e.alias), alias: e.alias, target: e.target, position })))
      .execute();
  });
}
