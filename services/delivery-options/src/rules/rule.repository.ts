import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DeliveryOptionsDb } from '../database';
import type { DeliveryRulesTable, RuleDefinition } from './rule.table';

type Db = Kysely<DeliveryOptionsDb> | Transaction<DeliveryOptionsDb>;
export type RuleRow = Selectable<DeliveryRulesTable>;

export async function listRules(db: Db, company: string): Promise<RuleRow[]> {
  return db.selectFrom('delivery_rules').selectAll().where('company', '=', company).orderBy('seq').execute();
}

export async function countRules(db: Db, company: string): Promise<number> {
  const row = await db.selectFrom('delivery_rules').select((eb) => eb.fn.countAll<string>().as('n')).where('company', '=', company).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findRule(db: Db, company: string, id: string): Promise<RuleRow | undefined> {
  return db.selectFrom('delivery_rules').selectAll().where('company', '=', company).where('id', '=', id).executeTakeFirst();
}

export async function insertRule(trx: Transaction<DeliveryOptionsDb>, company: string, definition: RuleDefinition): Promise<RuleRow> {
  return trx.insertInto('delivery_rules').values({ id: randomUUID(), company, definition: JSON.stringify(definition) }).returningAll().executeTakeFirstOrThrow();
}

export async function replaceRule(trx: Transaction<DeliveryOptionsDb>, company: string, id: string, definition: RuleDefinition): Promise<RuleRow | undefined> {
  return trx.updateTable('delivery_rules').set({ definition: JSON.stringify(definition), updated_at: new Date().toISOString() })
    .where('company', '=', company).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteRule(trx: Transaction<DeliveryOptionsDb>, company: string, id: string): Promise<boolean> {
  const res = await trx.deleteFrom('delivery_rules').where('company', '=', company).where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
