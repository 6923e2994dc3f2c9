import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('companies')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createTable('users')
    .addColumn('username', 'text', (c) => c.primaryKey())
    .addColumn('company', 'text', (c) => c.notNull().references('companies.slug'))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Secrets are stored as SHA-256 digests: they are long random strings, so a fast hash is enough and
  // lookups stay O(1). Passwords, chosen by people, get scrypt instead.
  for (const table of ['api_tokens', 'delivery_keys']) {
    await db.schema.createTable(table)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('company', 'text', (c) => c.notNull().references('companies.slug'))
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('revoked_at', 'timestamptz')
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['delivery_keys', 'api_tokens', 'users', 'companies']) await db.schema.dropTable(t).execute();
}
