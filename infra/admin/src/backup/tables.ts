import { sql, type Kysely } from '@waybill/db';

/** A service table as a backup sees it: what is written (not generated) and what it refers to. */
export interface TableInfo {
  schema: string;
  name: string;
  /** Columns a backup carries: every column but generated ones, in their table order. */
  columns: string[];
  /** Tables of the same schemas this one holds foreign keys to. */
  references: string[];
}

/** Migration bookkeeping: the restore writes it by replaying migrations, never from the backup. */
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

export const qualified = (t: { schema: string; name: string }): string => `${t.schema}.${t.name}`;

/** Every base table of `schemas`, ordered so that a table comes after every table it refers to. */
export async function tablesOf(db: Kysely<any>, schemas: string[]): Promise<TableInfo[]> {
  if (schemas.length === 0) return [];
  const columns = await sql<{ schema: string; name: string; column: string }>`
    select c.table_schema as schema, c.table_name as name, c.column_name as column
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema in (${sql.join(schemas)}) and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
    order by c.table_schema, c.table_name, c.ordinal_position`.execute(db);
  const refs = await sql<{ from_schema: string; from_name: string; to_schema: string; to_name: string }>`
    select fs.nspname as from_schema, f.relname as from_name, ts.nspname as to_schema, t.relname as to_name
    from pg_constraint k
    join pg_class f on f.oid = k.conrelid join pg_namespace fs on fs.oid = f.relnamespace
    join pg_class t on t.oid = k.confrelid join pg_namespace ts on ts.oid = t.relnamespace
    where k.contype = 'f' and fs.nspname in (${sql.join(schemas)})`.execute(db);
  const byName = new Map<string, TableInfo>();
  for (const c of columns.rows) {
    if (MIGRATION_TABLES.has(c.name)) continue;
    const key = qualified(c);
    const t = byName.get(key) ?? { schema: c.schema, name: c.name, columns: [], references: [] };
    t.columns.push(c.column);
    byName.set(key, t);
  }
  for (const r of refs.rows) {
    const from = byName.get(`${r.from_schema}.${r.from_name}`);
    const to = `${r.to_schema}.${r.to_name}`;
    if (from && to !== qualified(from) && byName.has(to)) from.references.push(to);
  }
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const place = (t: TableInfo, path: Set<string>): void => {
    const key = qualified(t);
    if (placed.has(key)) return;
    if (path.has(key)) throw new Error(`foreign keys form a cycle through ${key}`);
    path.add(key);
    for (const ref of t.references) place(byName.get(ref)!, path);
    placed.add(key);
    ordered.push(t);
  };
  for (const t of [...byName.values()].sort((a, b) => qualified(a).localeCompare(qualified(b)))) place(t, new Set());
  return ordered;
}
