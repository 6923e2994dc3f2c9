import type { ColumnType } from 'kysely';

/** Per-company document settings: which label sizes are enabled, invoice stock, sender contact details. */
export interface CompanySettingsTable {
  company: string;
  label_sizes: ColumnType<string[], string, string>;
  invoice_size: string;
  concatenate_invoices: boolean;
  sender_name: string | null;
  sender_email: string | null;
  sender_phone: string | null;
  eori_number: string | null;
  updated_at: ColumnType<Date, string | undefined, string>;
}
