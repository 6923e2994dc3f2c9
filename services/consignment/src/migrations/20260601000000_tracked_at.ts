import type { Kysely } from 'kysely';

/** Carrier time of the tracking progress last applied: an older progress arriving later is stale. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('consignments').addColumn('tracked_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('consignments').dropColumn('tracked_at').execute();
}
