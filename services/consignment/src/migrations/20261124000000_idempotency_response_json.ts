import { sql, type Kysely } from 'kysely';
import { schemaOf } from './counts.sql';

/**
 * A replayed Idempotency-Key answer must be the first answer, byte for byte. jsonb reorders an object's
 * keys (shorter first), so a replay read `{"errors":…,"success":…}` where the first said success first;
 * json keeps the text as it was written. Stored answers keep jsonb's order, which they already had.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(`alter table ${schemaOf(db)}.idempotency_keys alter column response type json using response::json`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(`alter table ${schemaOf(db)}.idempotency_keys alter column response type jsonb using response::jsonb`).execute(db);
}
