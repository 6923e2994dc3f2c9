import { sql, type Kysely } from 'kysely';

/**
 * A company's service aliases (src/aliases): the literals an integration moving from another platform
 * sends as `service_id` or `carrier`, each read as one of the company's services. `alias_key` is the
 * literal as matched (trimmed, lower case), `alias` as the company wrote it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('service_aliases')
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('alias_key', 'text', (c) => c.notNull())
    .addColumn('alias', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('service_aliases_pk', ['company', 'alias_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('service_aliases').execute();
}
