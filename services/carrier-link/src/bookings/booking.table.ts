import type { ColumnType, Generated, Selectable } from 'kysely';

export interface BookingsTable {
  company: string;
  consignment_identifier: string;
  /** Null for a carrier reached without an account (the sandbox carriers). */
  account_id: string | null;
  carrier: string;
  consignment_number: string;
  tracking_numbers: ColumnType<string[], string, string>;
  tracking_url: string;
  label_format: 'zpl' | 'gif' | 'png' | 'pdf' | null;
  customs_invoice: Buffer | null;
  carrier_reference: string | null;
  /** SHA-256 of the carrier and booking request it was made for; null for bookings made before it was kept. */
  request_hash: string | null;
  created_at: ColumnType<Date, never, never>;
  cancelled_at: ColumnType<Date | null, never, string | null>;
  subscribed_at: ColumnType<Date | null, never, string | null>;
  unsubscribed_numbers: ColumnType<string[] | null, never, string | null>;
  /** The options the carrier applied; null for bookings made before they were kept. */
  applied_options: ColumnType<Record<string, string> | null, string | null, string | null>;
}

export interface BookedLabelsTable {
  company: string;
  consignment_identifier: string;
  position: number;
  content: Buffer;
}

export interface CallAnomaliesTable {
  id: Generated<string>;
  company: string;
  account_id: string;
  carrier: string;
  operation: string;
  consignment_identifier: string | null;
  reason: string;
  at: ColumnType<Date, never, never>;
}

export type BookingRow = Selectable<BookingsTable>;
