import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { openDatabase, pendingMigrations, sql, type DbTarget, type Kysely, type Migration } from '@waybill/db';
import { BACKUP_FORMAT, type BackupHeader, type BackupLine } from './snapshot.format';
import { tablesOf } from './tables';

/** Rows fetched from the snapshot's cursor at a time: bounded memory whatever a table holds. */
const FETCH = 1000;

export interface ServiceSchema {
  schema: string;
  migrations: Record<string, Migration>;
}

export interface BackupSummary {
  version: string;
  tables: number;
  rows: number;
}

/** Writes lines to a stream, waiting whenever the stream asks to (a large backup never piles up in memory). */
class LineWriter {
  constructor(private readonly out: Writable) {}
  async write(line: BackupLine): Promise<void> {
    if (!this.out.write(`${JSON.stringify(line)}\n`)) await once(this.out, 'drain');
  }
}

/**
 * A consistent snapshot of every service schema, written while the services keep running: one
 * repeatable-read, read-only transaction sees every table as of one instant (on the embedded database,
 * the transaction holds the instance until it ends). Secrets stay as stored (sealed); the encryption key
 * is never part of a backup.
 */
export async function writeBackup(target: DbTarget, schemas: readonly ServiceSchema[], version: string, sink: Writable): Promise<BackupSummary> {
  const gzip = createGzip();
  const piped = gzip.pipe(sink);
  const finished = once(piped, 'finish');
  const out = new LineWriter(gzip);
  const database = openDatabase(target, 'public');
  const summary: BackupSummary = { version, tables: 0, rows: 0 };
  try {
    await database.db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
      await sql`set transaction read only`.execute(trx);
      const applied: Record<string, string[]> = {};
      for (const s of schemas) {
        const pending = new Set(await pendingMigrations(trx.withSchema(s.schema), s.schema, s.migrations));
        applied[s.schema] = Object.keys(s.migrations).sort().filter((name) => !pending.has(name));
      }
      const header: BackupHeader = { format: BACKUP_FORMAT, version, created_at: new Date().toISOString(), schemas: applied };
      await out.write({ header });
      for (const t of await tablesOf(trx, schemas.map((s) => s.schema).filter((s) => applied[s].length > 0))) {
        const [{ n }] = (await sql<{ n: string }>`select count(*)::text as n from ${sql.id(t.schema, t.name)}`.execute(trx)).rows;
        await out.write({ table: { schema: t.schema, name: t.name, columns: t.columns, rows: Number(n) } });
        summary.tables += 1;
        summary.rows += await copyRows(trx, t.schema, t.name, t.columns, out);
      }
    });
  } finally {
    await database.close();
    gzip.end();
  }
  await finished;
  return summary;
}

async function copyRows(trx: Kysely<any>, schema: string, name: string, columns: string[], out: LineWriter): Promise<number> {
  let count = 0;
  await sql`declare waybill_backup no scroll cursor for select to_jsonb(t)::text as j from ${sql.id(schema, name)} t`.execute(trx);
  for (;;) {
    const { rows } = await sql<{ j: string }>`fetch forward ${sql.lit(FETCH)} from waybill_backup`.execute(trx);
    for (const r of rows) {
      const record = JSON.parse(r.j) as Record<string, unknown>;
      await out.write({ row: columns.map((c) => record[c] ?? null) });
    }
    count += rows.length;
    if (rows.length < FETCH) break;
  }
  await sql`close waybill_backup`.execute(trx);
  return count;
}
