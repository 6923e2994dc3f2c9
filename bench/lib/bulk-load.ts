import type { Client } from 'pg';

export const LIST_ROWS = Number(process.env.BENCH_LIST_ROWS ?? 1_000_000);
const TABLE = 'consignment.consignments';

/**
 * Runs `load` with the table's secondary indexes and unique constraints dropped, then recreates them
 * from their own definitions (so exactly as the migrations made them): one sort per index instead of
 * a million index insertions makes the load about a third faster. Only the benchmark's own database.
 */
async function withoutSecondaryIndexes(sql: Client, load: () => Promise<void>): Promise<void> {
  const { rows: constraints } = await sql.query(
    `select conname, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = $1::regclass and contype = 'u'`, [TABLE]);
  const { rows: indexes } = await sql.query(
    `select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as def from pg_index
     where indrelid = $1::regclass and not indisprimary
       and indexrelid not in (select conindid from pg_constraint where conrelid = $1::regclass)`, [TABLE]);
  for (const c of constraints) await sql.query(`alter table ${TABLE} drop constraint "${c.conname}"`);
  for (const i of indexes) await sql.query(`drop index ${i.name}`);
  await load();
  for (const c of constraints) await sql.query(`alter table ${TABLE} add constraint "${c.conname}" ${c.def}`);
  for (const i of indexes) await sql.query(i.def);
}

/**
 * Fills the company with LIST_ROWS consignments straight in SQL. Every row copies the columns and the
 * stored `data` of a consignment the API itself created (only identifier, order number and dates vary),
 * so the API reads them back exactly as its own. The table is emptied first so the company holds
 * exactly LIST_ROWS, numbered 1..LIST_ROWS in the list's order as if listed already; the consignment
 * service's count triggers fire as for any insert.
 */
export async function bulkLoad(sql: Client, company: string, log: (m: string) => void): Promise<void> {
  const t0 = Date.now();
  const since = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
  const { rows } = await sql.query(`select identifier from ${TABLE} where company = $1 order by seq limit 1`, [company]);
  if (rows.length === 0) throw new Error('no API-made consignment to copy');
  await sql.query(`create temporary table bench_template as select * from ${TABLE} where identifier = $1`, [rows[0].identifier]);
  await sql.query(`truncate ${TABLE}, consignment.status_history`);
  await withoutSecondaryIndexes(sql, async () => {
    await sql.query(`
      insert into ${TABLE}
        (list_seq, identifier, company, order_number, status, rejection_reason, requested_carrier, carrier_id, service_id,
         consignment_number, tracking_url, warehouse_id, requested_options, data, created_at, updated_at)
      select i, md5('bench-list-' || i), t.company, 'BULK-' || i, t.status, t.rejection_reason, t.requested_carrier,
         t.carrier_id, t.service_id, t.consignment_number, t.tracking_url, t.warehouse_id, t.requested_options,
         t.data || jsonb_build_object('order_number', 'BULK-' || i,
           'create_date', to_char(created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
         created, created
      from generate_series(1, $1::int) as i
      cross join bench_template t
      cross join lateral (select timestamptz '2026-01-01 00:00:00+00' + i * interval '1 second') as c(created)`, [LIST_ROWS]);
    log(`  inserted in ${since()}`);
  });
  await sql.query('drop table bench_template');
  log(`  indexed at ${since()}`);
  await sql.query(`vacuum analyze ${TABLE}`);
  log(`  vacuumed and analysed at ${since()}`);
}
