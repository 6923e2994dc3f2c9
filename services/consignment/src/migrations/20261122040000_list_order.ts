import { sql, type Kysely } from 'kysely';
import { applyDeltas, BLOCK, schemaOf, triggerFunction } from './counts.sql';

/**
 * The list's order key, `list_seq`, given in commit order. `seq` comes from an identity at insert
 * time, so a transaction that took seq 10 can commit after one that took seq 11: a client paging
 * through at that moment would pass 11 and never see 10. Rows now arrive with `list_seq` null and are
 * numbered after they commit, under a per-company lock, by whoever lists the company next (see
 * consignment.list.repository.ts); a row is listed only once numbered, and numbers only grow, so a
 * cursor never skips a row. Rows made before this migration keep their order (`list_seq = seq`).
 * The per-block counts of 20261122020000 move to blocks of `list_seq`, counting numbered rows only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = schemaOf(db);
  const t = `${s}.consignments`;
  const counts = `${s}.consignment_counts`;
  const block = (r: string) => `(${r}.list_seq / ${BLOCK}) * ${BLOCK}`;
  const fn = (name: string, body: string) => triggerFunction(s, name, body, true);
  const changed = `from old_rows o join new_rows n on n.seq = o.seq
      where (o.company, o.status, o.list_seq) is distinct from (n.company, n.status, n.list_seq)`;
  const statements = [
    `lock table ${t} in share row exclusive mode`,
    `alter table ${t} add column list_seq bigint`,
    `update ${t} set list_seq = seq`,
    `create unique index consignments_company_list_seq on ${t} (company, list_seq)`,
    `create index consignments_company_status_list_seq on ${t} (company, status, list_seq)`,
    `create index consignments_company_order_list_seq on ${t} (company, order_number, list_seq)`,
    `create index consignments_unlisted on ${t} (company, seq) where list_seq is null`,
    `drop index ${s}.consignments_company_seq`,
    `drop index ${s}.consignments_company_status_seq`,
    `drop index ${s}.consignments_company_order_seq`,
    fn('consignment_counts_on_insert', applyDeltas(counts, `select company, status, ${block('r')} as block_start, 1 as d
      from new_rows r where r.list_seq is not null`)),
    fn('consignment_counts_on_update', applyDeltas(counts, `select o.company, o.status, ${block('o')} as block_start, -1 as d ${changed} and o.list_seq is not null
      union all select n.company, n.status, ${block('n')}, 1 ${changed} and n.list_seq is not null`)),
    fn('consignment_counts_on_delete', applyDeltas(counts, `select company, status, ${block('r')} as block_start, -1 as d
      from old_rows r where r.list_seq is not null`)),
    `delete from ${counts}`,
    `insert into ${counts} (company, status, block_start, shard, n)
      select company, status, ${block('c')}, 0, count(*) from ${t} c where c.list_seq is not null group by 1, 2, 3`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(): Promise<void> {
  throw new Error('20261122040000_list_order cannot be undone: rows created since have no seq-based order');
}
