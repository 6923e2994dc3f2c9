import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // seq orders a company's endpoints (creation order); id is the public key.
  await db.schema.createTable('endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('event_types', 'jsonb', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('disabled_reason', 'text')
    // Signing secrets, AES-256-GCM sealed; the previous one signs too until it expires (rotation).
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_expires_at', 'timestamptz')
    // Start of the current run of failures (cleared by a success); 5 days of it disables the endpoint.
    .addColumn('failing_since', 'timestamptz')
    // A 429 with Retry-After holds every delivery to the endpoint until then.
    .addColumn('throttled_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('endpoints_company_seq').on('endpoints').columns(['company', 'seq']).execute();

  // One row per event: the exact body every attempt sends, so all attempts carry the same bytes.
  await db.schema.createTable('messages')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('messages_company_created').on('messages').columns(['company', 'created_at']).execute();

  // One row per (event, endpoint): the state that makes a second successful send impossible.
  await db.schema.createTable('deliveries')
    .addColumn('event_id', 'text', (c) => c.notNull().references('messages.event_id').onDelete('cascade'))
    .addColumn('endpoint_id', 'text', (c) => c.notNull().references('endpoints.id').onDelete('cascade'))
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('round', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('round_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('lease_until', 'timestamptz')
    // Set while the delivery waits for a free slot of its endpoint: a finishing attempt wakes the oldest.
    .addColumn('deferred_at', 'timestamptz')
    .addColumn('succeeded_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('deliveries_pk', ['event_id', 'endpoint_id'])
    .execute();
  await db.schema.createIndex('deliveries_endpoint_state').on('deliveries').columns(['endpoint_id', 'state']).execute();
  await db.schema.createIndex('deliveries_waiting').on('deliveries').columns(['endpoint_id', 'deferred_at'])
    .where(sql.ref('deferred_at'), 'is not', null).execute();
  await db.schema.createIndex('deliveries_due').on('deliveries').columns(['state', 'next_attempt_at'])
    .where(sql.ref('state'), 'in', sql`('pending', 'sending')`).execute();

  await db.schema.createTable('attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull().generatedAlwaysAsIdentity())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('endpoint_id', 'text', (c) => c.notNull().references('endpoints.id').onDelete('cascade'))
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('attempted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('latency_ms', 'integer')
    .addColumn('response_head', 'text')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('attempts_endpoint_seq').on('attempts').columns(['endpoint_id', 'seq']).execute();
  await db.schema.createIndex('attempts_event').on('attempts').columns(['event_id', 'endpoint_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['attempts', 'deliveries', 'messages', 'endpoints']) await db.schema.dropTable(t).execute();
}
