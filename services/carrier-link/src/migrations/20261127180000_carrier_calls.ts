import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // The carrier call log: every outbound attempt to a carrier, redacted before it is written (no
  // credential, token or image), attributed to the company, account and consignment it was made for.
  // seq orders it (newest first, keyset pages); personal_data_masked_at marks rows whose names, street
  // lines, phone numbers and e-mail addresses have been masked (after 30 days); rows go after 90.
  await db.schema.createTable('carrier_calls')
    .addColumn('seq', 'bigserial', (c) => c.primaryKey())
    .addColumn('id', 'uuid', (c) => c.notNull().unique())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text')
    .addColumn('consignment_identifier', 'text')
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('error_source', 'text')
    .addColumn('carrier_code', 'text')
    .addColumn('message', 'text')
    .addColumn('request', 'jsonb')
    .addColumn('response', 'jsonb')
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('personal_data_masked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('carrier_calls_consignment').on('carrier_calls').columns(['company', 'consignment_identifier', 'seq'])
    .where(sql.ref('consignment_identifier'), 'is not', null).execute();
  await db.schema.createIndex('carrier_calls_account').on('carrier_calls').columns(['company', 'account_id', 'seq'])
    .where(sql.ref('account_id'), 'is not', null).execute();
  await db.schema.createIndex('carrier_calls_at').on('carrier_calls').column('at').execute();
  await db.schema.createIndex('carrier_calls_unmasked').on('carrier_calls').column('at')
    .where(sql.ref('personal_data_masked_at'), 'is', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('carrier_calls').execute();
}
