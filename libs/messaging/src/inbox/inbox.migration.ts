import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Processed event ids per consumer. Services add it to their migrations map (e.g. under
 * `20260101000100_inbox`). Keyed by consumer too, because one service may handle the same event in
 * several independent handlers.
 */
export const inboxMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.createTable('inbox')
      .addColumn('event_id', 'uuid', (c) => c.notNull())
      .addColumn('consumer', 'text', (c) => c.notNull())
      .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('inbox_pkey', ['event_id', 'consumer'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('inbox').execute();
  },
};
