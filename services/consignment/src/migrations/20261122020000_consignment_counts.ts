import { sql, type Kysely } from 'kysely';
import { applyDeltas, BLOCK, schemaOf, triggerFunction } from './counts.sql';

/**
 * A list page's `count` is "matches from this page on", which a plain count(*) answers by scanning
 * every later row: at a million consignments that was nearly all of a page's time. This table keeps
 * exact counts per company, status and block of 4096 `seq` values, maintained by triggers in the same
 * transaction as every insert, status change and delete (whichever code path makes it), so a page adds
 * up the whole blocks after its cursor and scans at most one block of rows.
 * Each block's count is spread over 16 rows (`shard`, from the writing backend) so concurrent writers
 * of one company seldom wait for one another's commit.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = schemaOf(db);
  const counts = `${s}.consignment_counts`;
  const block = (t: string) => `(${t}.seq / ${BLOCK}) * ${BLOCK}`;
  await db.schema.createTable('consignment_counts')
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('block_start', 'bigint', (c) => c.notNull())
    .addColumn('shard', 'smallint', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('consignment_counts_pk', ['company', 'status', 'block_start', 'shard'])
    .execute();
  // The list reads all statuses of a company after a block (no status filter) or one status.
  await db.schema.createIndex('consignment_counts_company_block').on('consignment_counts').columns(['company', 'block_start']).execute();

  const changed = 'from old_rows o join new_rows n on n.seq = o.seq where (o.company, o.status) is distinct from (n.company, n.status)';
  const fn = (name: string, body: string) => triggerFunction(s, name, body);
  const trigger = (event: string, referencing = '') => `create trigger consignment_counts_${event} after ${event}
    on ${s}.consignments ${referencing} for each statement execute function ${s}.consignment_counts_on_${event}()`;
  const statements = [
    // Writers wait until this migration commits (it runs in a transaction): no row is missed between
    // the backfill below and the triggers taking over.
    `lock table ${s}.consignments in share row exclusive mode`,
    fn('consignment_counts_on_insert', applyDeltas(counts, `select company, status, ${block('r')} as block_start, 1 as d from new_rows r`)),
    fn('consignment_counts_on_update', applyDeltas(counts, `select o.company, o.status, ${block('o')} as block_start, -1 as d ${changed}
      union all select n.company, n.status, ${block('n')}, 1 ${changed}`)),
    fn('consignment_counts_on_delete', applyDeltas(counts, `select company, status, ${block('r')} as block_start, -1 as d from old_rows r`)),
    fn('consignment_counts_on_truncate', `delete from ${counts}`),
    trigger('insert', 'referencing new table as new_rows'),
    trigger('update', 'referencing old table as old_rows new table as new_rows'),
    trigger('delete', 'referencing old table as old_rows'),
    trigger('truncate'),
    `insert into ${counts} (company, status, block_start, shard, n)
      select company, status, ${block('c')}, 0, count(*) from ${s}.consignments c group by 1, 2, 3`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const s = schemaOf(db);
  for (const event of ['insert', 'update', 'delete', 'truncate']) {
    await sql.raw(`drop trigger consignment_counts_${event} on ${s}.consignments`).execute(db);
    await sql.raw(`drop function ${s}.consignment_counts_on_${event}()`).execute(db);
  }
  await db.schema.dropTable('consignment_counts').execute();
}
