import type { Kysely } from 'kysely';

/**
 * A return's e-mail goes to the person sending it back (the outbound's recipient, the return's sender), and a
 * return gets only its `return_created` e-mail, never the outbound's moments: the read model says which
 * consignments are returns. Additive, with a default the previous rows take.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('recipients').addColumn('is_return', 'boolean', (c) => c.notNull().defaultTo(false)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('recipients').dropColumn('is_return').execute();
}
