import { sql, type Kysely } from 'kysely';

// A manifest submitted to a carrier through an account, with the carrier's answer: a manifest job that
// runs again (a retry, a second replica) gets this answer back instead of manifesting twice.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('carrier_manifests')
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('manifest_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('document', 'bytea')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('carrier_manifests_pk', ['company', 'manifest_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('carrier_manifests').execute();
}
