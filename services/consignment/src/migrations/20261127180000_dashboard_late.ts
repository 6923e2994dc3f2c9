import { sql, type Kysely } from 'kysely';

/**
 * Late consignments (expected delivery date passed, neither delivered nor cancelled) are counted on
 * every dashboard load: a partial index holds only the undelivered rows with a date, so the count reads
 * a company's open consignments, not its whole history.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('dashboard_consignments_undelivered').on('dashboard_consignments').columns(['company', 'expected_date'])
    .where(sql<boolean>`expected_date is not null and status not in ('Delivered', 'Cancelled')`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('dashboard_consignments_undelivered').execute();
}
