/**
 * A Waybill backup: gzip-compressed JSON lines. The first line is the header; then, per table, a `table`
 * line naming its columns followed by one `row` line per row (values in the columns' order, as Postgres
 * renders them to JSON). Logical rather than physical, so a backup of the embedded database restores
 * into a server and back, and a backup of an older release restores into a newer one (the restore
 * replays the later migrations on top).
 */
export const BACKUP_FORMAT = 'waybill-backup/1';

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  /** The release that wrote it. */
  version: string;
  created_at: string;
  /** Per service schema, the migrations applied when the snapshot was taken, in order. */
  schemas: Record<string, string[]>;
}

export interface TableLine {
  table: { schema: string; name: string; columns: string[]; rows: number };
}

export interface RowLine {
  row: unknown[];
}

export type BackupLine = { header: BackupHeader } | TableLine | RowLine;
