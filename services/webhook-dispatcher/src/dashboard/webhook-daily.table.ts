import type { ColumnType } from 'kysely';

/** Attempts per company and UTC day, kept by the webhook rollup (migration 20261126000000). */
export interface WebhookDailyTable {
  company: string;
  day: ColumnType<string, string, string>;
  succeeded: ColumnType<string, number, number>;
  failed: ColumnType<string, number, number>;
}
