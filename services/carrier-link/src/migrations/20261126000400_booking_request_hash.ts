import type { Kysely } from 'kysely';

// What a booking was made for (a hash of the booking request): the same request again answers the same
// booking; a different one for the same consignment (it was edited) voids the old booking and books anew.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('request_hash', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('request_hash').execute();
}
