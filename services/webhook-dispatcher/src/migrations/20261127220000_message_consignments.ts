import { sql, type Kysely } from 'kysely';

/**
 * Which consignments a stored webhook body names (src/erasure): computed by Postgres from the body, so
 * the previous release's inserts fill it too, and indexed, so an erasure finds a consignment's messages
 * without reading the company's others. Additive: nothing of the previous release reads it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('consignment_identifiers', 'jsonb', (c) => c.generatedAlwaysAs(sql`
    jsonb_path_query_array(body::jsonb, '$.trackings[*].consignment_identifier') || jsonb_path_query_array(body::jsonb, '$.payload[*].consignment_identifier')
  `).stored()).execute();
  await db.schema.createIndex('messages_consignment_identifiers').on('messages')
    .using('gin').expression(sql`consignment_identifiers jsonb_path_ops`).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('messages_consignment_identifiers').ifExists().execute();
  await db.schema.alterTable('messages').dropColumn('consignment_identifiers').execute();
}
