import type { ColumnType } from 'kysely';

/** A company's retention period for recipients' personal data (migration 20261127220000). */
export interface RetentionSettingsTable {
  company: string;
  personal_data_days: number;
  updated_at: ColumnType<Date, string | undefined, string>;
}
