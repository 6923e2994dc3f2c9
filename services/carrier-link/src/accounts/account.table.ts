import type { ColumnType, Generated, Selectable } from 'kysely';

export interface AccountCheckRecord {
  ok: boolean;
  detail: string | null;
  at: string;
}

export interface CarrierAccountsTable {
  id: string;
  seq: Generated<string>;
  company: string;
  carrier: string;
  name: string;
  test_mode: boolean;
  enabled: boolean;
  booking_label_format: 'pdf' | 'zpl';
  credentials_sealed: string;
  credentials_hint: ColumnType<Record<string, string>, string, string>;
  webhook_client_id: string | null;
  webhook_secret_hash: string | null;
  webhook_secret_hint: string | null;
  last_check: ColumnType<AccountCheckRecord | null, string | null, string | null>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, string | undefined, string>;
  deleted_at: ColumnType<Date | null, never, string | null>;
}

export type AccountRow = Selectable<CarrierAccountsTable>;
