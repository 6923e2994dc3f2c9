import type { ColumnType } from 'kysely';

/** A company's look of its recipients' tracking pages; every field optional. */
export interface TrackingPageSettingsTable {
  company: string;
  display_name: string | null;
  logo_url: string | null;
  accent_colour: string | null;
  support_email: string | null;
  updated_at: ColumnType<Date, string | undefined, string>;
}
