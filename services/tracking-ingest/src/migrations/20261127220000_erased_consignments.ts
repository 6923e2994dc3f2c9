import type { Kysely } from 'kysely';

/**
 * When a consignment's personal data was erased (src/erasure): its tracking page answers 404 from then on.
 * Additive: the previous release neither reads nor writes it, and still serves the pages of the others.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tracked_consignments').addColumn('erased_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tracked_consignments').dropColumn('erased_at').execute();
}
