import { sql, type Kysely } from 'kysely';

/** Console sessions live in the database so every gateway replica recognises them. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('console_sessions')
    // SHA-256 of the cookie value: a database read never yields a usable session cookie.
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('company', 'text', (c) => c.notNull().references('companies.slug'))
    .addColumn('principal', 'text', (c) => c.notNull())
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('console_sessions').execute();
}
