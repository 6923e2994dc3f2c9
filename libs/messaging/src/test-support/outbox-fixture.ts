import { migrateToLatest, openDatabase, type Database } from '@waybill/db';
import { createTestDatabase, type TestDatabase } from '@waybill/testing';
import type { Migration } from 'kysely';
import { inboxMigration } from '../inbox/inbox.migration';
import type { InboxDatabase } from '../inbox/inbox.table';
import { outboxMigration } from '../outbox/outbox.migration';
import type { OutboxDatabase } from '../outbox/outbox.table';

export interface ServiceDB extends OutboxDatabase, InboxDatabase {
  widgets: { id: string; name: string };
}

/** A service's migrations map, as a real service would hold it. */
export const migrations: Record<string, Migration> = {
  '20260101000000_widgets': {
    async up(db) {
      await db.schema.createTable('widgets').addColumn('id', 'text', (c) => c.primaryKey()).addColumn('name', 'text', (c) => c.notNull()).execute();
    },
  },
  '20260101000100_outbox': outboxMigration,
  '20260101000200_inbox': inboxMigration,
};

/** One fresh database per test file (real Postgres with DATABASE_URL, PGlite otherwise). */
export function useServiceDatabase() {
  let tdb: TestDatabase | undefined;
  const opened: Database<ServiceDB>[] = [];
  return {
    async open(schema: string): Promise<Database<ServiceDB>> {
      tdb ??= await createTestDatabase();
      const database = openDatabase<ServiceDB>(tdb.target, schema);
      opened.push(database);
      await migrateToLatest(database.db, schema, migrations);
      return database;
    },
    async close(): Promise<void> {
      for (const d of opened.splice(0)) await d.close();
      await tdb?.drop();
      tdb = undefined;
    },
  };
}
