import type { Kysely } from 'kysely';

/**
 * A replayed Idempotency-Key answer must be the first answer, byte for byte. jsonb reorders an object's
 * keys (shorter first), so a replay read `{"errors":…,"success":…}` where the first said success first;
 * json keeps the text as it was written. Stored answers keep jsonb's order, which they already had.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').alterColumn('response', (c) => c.setDataType('json')).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').alterColumn('response', (c) => c.setDataType('jsonb')).execute();
}
