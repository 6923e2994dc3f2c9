import type { Kysely } from 'kysely';

/** Which manifest took a consignment: makes a repeated claim of the same manifest find what it took. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('consignments').addColumn('manifest_id', 'text').execute();
  await db.schema.createIndex('consignments_company_manifest').on('consignments').columns(['company', 'manifest_id', 'seq'])
    .where('manifest_id', 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('consignments_company_manifest').execute();
  await db.schema.alterTable('consignments').dropColumn('manifest_id').execute();
}
