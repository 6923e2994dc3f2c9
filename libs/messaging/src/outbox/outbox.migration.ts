import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The transactional outbox table. Services put this object in their own migrations map (e.g. under
 * `20260101000000_outbox`), so the table lives in the service's schema. `seq` orders the events a
 * transaction wrote in the order it wrote them (they share one `now()` created_at).
 */
export const outboxMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('outbox')
      .addColumn('id', 'uuid', (c) => c.primaryKey())
      .addColumn('seq', 'bigint', (c) => c.generatedByDefaultAsIdentity().notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('company', 'text', (c) => c.notNull())
      .addColumn('payload', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('published_at', 'timestamptz')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .execute();
    // Partial index: the relay only ever scans rows still waiting to go out.
    await db.schema.createIndex('outbox_unpublished_idx').on('outbox').columns(['created_at', 'seq'])
      .where(sql.ref('published_at'), 'is', null)
      .execute();
    await db.schema.createIndex('outbox_published_at_idx').on('outbox').column('published_at')
      .where(sql.ref('published_at'), 'is not', null)
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('outbox').execute();
  },
};
