import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('carrier_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('test_mode', 'boolean', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('booking_label_format', 'text', (c) => c.notNull())
    // The credentials object as JSON, AES-256-GCM sealed (SecretBox) with the account id as context.
    .addColumn('credentials_sealed', 'text', (c) => c.notNull())
    // Each credential's last 4 characters, for the masked view without opening the sealed value.
    .addColumn('credentials_hint', 'jsonb', (c) => c.notNull())
    // Webhook client credentials of carriers that push with OAuth: the secret as a SHA-256 hash only.
    .addColumn('webhook_client_id', 'text')
    .addColumn('webhook_secret_hash', 'text')
    .addColumn('webhook_secret_hint', 'text')
    .addColumn('last_check', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Deleted accounts stay (hidden) so their consignments can still be read and cancelled.
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('carrier_accounts_one_per_carrier').on('carrier_accounts').columns(['company', 'carrier'])
    .unique().where(sql.ref('deleted_at'), 'is', null).execute();
  await db.schema.createIndex('carrier_accounts_company_seq').on('carrier_accounts').columns(['company', 'seq']).execute();
  await db.schema.createIndex('carrier_accounts_webhook_client').on('carrier_accounts').column('webhook_client_id').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('carrier_accounts').execute();
}
