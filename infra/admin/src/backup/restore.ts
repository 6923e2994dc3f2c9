import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { migrateToLatest, migrateUpTo, openDatabase, sql, type DbTarget, type Kysely } from '@waybill/db';
import { onSchema } from '../migrate';
import type { ServiceSchema } from './backup';
import { BACKUP_FORMAT, type BackupHeader, type BackupLine } from './snapshot.format';
import { qualified, tablesOf } from './tables';

/** Rows inserted per statement. */
const BATCH = 500;

export interface RestoreSummary {
  version: string;
  tables: number;
  rows: number;
}

/** A refusal the operator can act on (wrong file, non-empty target, a backup from a later release). */
export class RestoreRefused extends Error {}

/**
 * Loads a backup into an empty database (or an empty DATA_DIR): each schema is brought to the migration
 * the backup was taken at, the rows go in (user triggers held off, so derived tables are restored as
 * they were, not recomputed twice), sequences continue after the highest restored value, then the
 * migrations of this release that came later run. If anything fails, every schema it created is dropped:
 * a restore is whole or not at all.
 */
export async function restoreBackup(target: DbTarget, schemas: readonly ServiceSchema[], source: Readable): Promise<RestoreSummary> {
  const lines = createInterface({ input: source.pipe(createGunzip()), crlfDelay: Infinity })[Symbol.asyncIterator]();
  const first = await lines.next();
  const header = parse(first.done ? '' : first.value) as { header?: BackupHeader };
  if (header.header?.format !== BACKUP_FORMAT) throw new RestoreRefused('not a Waybill backup (its first line is not a waybill-backup/1 header)');
  const h = header.header;
  const known = new Map(schemas.map((s) => [s.schema, s]));
  for (const [schema, applied] of Object.entries(h.schemas)) {
    const ours = known.get(schema);
    const names = Object.keys(ours?.migrations ?? {}).sort();
    if (!ours || applied.some((name, i) => names[i] !== name)) {
      throw new RestoreRefused(`the backup was written by Waybill ${h.version}, whose ${schema} schema this release does not know: restore it with that release or a later one`);
    }
  }
  const database = openDatabase(target, 'public');
  const created: string[] = [];
  const summary: RestoreSummary = { version: h.version, tables: 0, rows: 0 };
  try {
    await refuseUnlessEmpty(database.db, schemas.map((s) => s.schema));
    for (const [schema, applied] of Object.entries(h.schemas)) {
      if (applied.length === 0) continue;
      created.push(schema);
      await onSchema(target, schema, (db) => migrateUpTo(db, schema, known.get(schema)!.migrations, applied[applied.length - 1]));
    }
    const tables = new Map((await tablesOf(database.db, created)).map((t) => [qualified(t), t]));
    await database.db.transaction().execute(async (trx) => {
      let current: { schema: string; name: string; columns: string[] } | undefined;
      let batch: unknown[][] = [];
      const flush = async (): Promise<void> => {
        if (current && batch.length > 0) await insertRows(trx, current, batch);
        summary.rows += batch.length;
        batch = [];
      };
      const finishTable = async (): Promise<void> => {
        await flush();
        if (current) await sql`alter table ${sql.id(current.schema, current.name)} enable trigger user`.execute(trx);
      };
      for (let next = await lines.next(); !next.done; next = await lines.next()) {
        if (next.value === '') continue;
        const line = parse(next.value) as BackupLine;
        if ('table' in line) {
          await finishTable();
          const t = tables.get(qualified(line.table));
          const missing = t ? line.table.columns.filter((c) => !t.columns.includes(c)) : [];
          if (!t || missing.length > 0) throw new RestoreRefused(`the backup's table ${qualified(line.table)} does not match this release's schema${missing.length ? ` (no column ${missing.join(', ')})` : ''}`);
          current = line.table;
          summary.tables += 1;
          await sql`alter table ${sql.id(current.schema, current.name)} disable trigger user`.execute(trx);
        } else if ('row' in line && current) {
          batch.push(line.row);
          if (batch.length >= BATCH) await flush();
        } else {
          throw new RestoreRefused('the backup is damaged: a row outside any table, or a line of unknown kind');
        }
      }
      await finishTable();
      await continueSequences(trx, created);
    });
    for (const s of schemas) await onSchema(target, s.schema, (db) => migrateToLatest(db, s.schema, s.migrations));
    return summary;
  } catch (err) {
    for (const schema of created) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db);
    throw err;
  } finally {
    await database.close();
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new RestoreRefused('the backup is damaged: a line is not JSON (was it cut short?)');
  }
}

async function refuseUnlessEmpty(db: Kysely<any>, schemas: string[]): Promise<void> {
  const { rows } = await sql<{ schema: string }>`
    select distinct table_schema as schema from information_schema.tables where table_schema in (${sql.join(schemas)})`.execute(db);
  if (rows.length > 0) throw new RestoreRefused(`the target is not empty (it has ${rows.map((r) => r.schema).join(', ')}): restore into an empty database or DATA_DIR`);
}

async function insertRows(trx: Kysely<any>, t: { schema: string; name: string; columns: string[] }, rows: unknown[][]): Promise<void> {
  const records = rows.map((row) => Object.fromEntries(t.columns.map((c, i) => [c, row[i]])));
  const cols = sql.join(t.columns.map((c) => sql.id(c)));
  await sql`insert into ${sql.id(t.schema, t.name)} (${cols}) overriding system value
    select ${cols} from jsonb_populate_recordset(null::${sql.id(t.schema, t.name)}, ${JSON.stringify(records)}::jsonb)`.execute(trx);
}

/** Every sequence a restored column owns (identity or serial) continues after the column's highest value. */
async function continueSequences(trx: Kysely<any>, schemas: string[]): Promise<void> {
  if (schemas.length === 0) return;
  const { rows } = await sql<{ schema: string; name: string; column: string; seq: string }>`
    select n.nspname as schema, c.relname as name, a.attname as column, s.oid::regclass::text as seq
    from pg_depend d
    join pg_class s on s.oid = d.objid and s.relkind = 'S'
    join pg_class c on c.oid = d.refobjid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attnum = d.refobjsubid
    where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass and n.nspname in (${sql.join(schemas)})`.execute(trx);
  for (const r of rows) {
    await sql`select setval(${r.seq}::regclass, coalesce((select max(${sql.id(r.column)}) from ${sql.id(r.schema, r.name)}), 0) + 1, false)`.execute(trx);
  }
}
