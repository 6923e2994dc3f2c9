import { sql, type Kysely } from 'kysely';

// Bookings whose outcome is unknown (the carrier timed out or failed after the request went out, so it
// may have booked): the consignment stays Unallocated, and the operator's exceptions queue lists it as a
// carrier-call anomaly rather than a plain refusal.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('carrier_call_anomalies')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('carrier_call_anomalies_consignment').on('carrier_call_anomalies').columns(['company', 'identifier']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('carrier_call_anomalies').execute();
}
