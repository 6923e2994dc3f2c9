import { sql, type Kysely } from 'kysely';
import { schemaOf } from './counts.sql';

/**
 * The dashboard's read model (src/dashboard/dashboard.table.ts): built once here from the consignments
 * there are, then kept by the dashboard consumer from consignment events. Each standing is as of the
 * consignment's last change, so an event older than that, still in flight, changes nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('dashboard_consignments')
    .addColumn('identifier', 'text', (c) => c.primaryKey())
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('created_day', 'date', (c) => c.notNull())
    .addColumn('carrier', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('rejection_reason', 'text')
    .addColumn('order_number', 'text', (c) => c.notNull())
    .addColumn('expected_date', 'date')
    .addColumn('delivered_day', 'date')
    .addColumn('as_of', 'timestamptz', (c) => c.notNull())
    .execute();
  // The exceptions queue: only the few rows that need someone's attention, newest first.
  await db.schema.createIndex('dashboard_consignments_attention').on('dashboard_consignments').columns(['company', 'as_of'])
    .where(sql<boolean>`status = 'Exception' or (rejection_reason is not null and status = 'Unallocated')`)
    .execute();
  for (const [table, key] of [['dashboard_daily', ['company', 'day', 'carrier']], ['dashboard_day_status', ['company', 'day', 'status']]] as const) {
    let t = db.schema.createTable(table)
      .addColumn('company', 'text', (c) => c.notNull())
      .addColumn('day', 'date', (c) => c.notNull())
      .addColumn(key[2], 'text', (c) => c.notNull());
    const counts = table === 'dashboard_daily' ? ['created', 'delivered', 'due_known', 'on_time'] : ['n'];
    for (const n of counts) t = t.addColumn(n, 'bigint', (c) => c.notNull().defaultTo(0));
    await t.addPrimaryKeyConstraint(`${table}_pk`, [...key]).execute();
  }
  await backfill(db);
}

async function backfill(db: Kysely<any>): Promise<void> {
  const s = schemaOf(db);
  const utcDay = (t: string) => `(${t} at time zone 'UTC')::date`;
  await sql.raw(`insert into ${s}.dashboard_consignments
      (identifier, company, created_day, carrier, status, rejection_reason, order_number, expected_date, delivered_day, as_of)
    select identifier, company, ${utcDay('created_at')}, coalesce(split_part(service_id, '|', 1), ''), status, rejection_reason, order_number,
      case when data->>'expected_delivery_date' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' then (data->>'expected_delivery_date')::date end,
      case when status = 'Delivered' then ${utcDay('coalesce(tracked_at, updated_at)')} end, updated_at
    from ${s}.consignments`).execute(db);
  await sql.raw(`insert into ${s}.dashboard_daily (company, day, carrier, created, delivered, due_known, on_time)
    select company, day, carrier, sum(created), sum(delivered), sum(due_known), sum(on_time) from (
      select company, created_day as day, carrier, 1 as created, 0 as delivered, 0 as due_known, 0 as on_time from ${s}.dashboard_consignments
      union all
      select company, delivered_day, carrier, 0, 1, (expected_date is not null)::int, (delivered_day <= expected_date)::int
      from ${s}.dashboard_consignments where delivered_day is not null
    ) x group by 1, 2, 3`).execute(db);
  await sql.raw(`insert into ${s}.dashboard_day_status (company, day, status, n)
    select company, created_day, status, count(*) from ${s}.dashboard_consignments group by 1, 2, 3`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['dashboard_day_status', 'dashboard_daily', 'dashboard_consignments']) await db.schema.dropTable(t).execute();
}
