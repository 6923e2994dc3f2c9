import type { Kysely } from 'kysely';

// The warehouse's daily collection cutoff (`HH:MM`, its own time zone): carriers that take a planned
// shipping time (DHL Express) ship a booking made after it on the next working day.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('warehouses').addColumn('collection_cutoff', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('warehouses').dropColumn('collection_cutoff').execute();
}
