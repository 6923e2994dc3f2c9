import type { ColumnType } from 'kysely';
import type { Address } from '@waybill/carrier-model';

export interface CompanySettingsTable {
  company: string;
  extra_custom_fields: ColumnType<boolean, boolean | undefined, boolean>;
  tracking_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, never, never>;
}

export interface WarehousesTable {
  company: string;
  name: string;
  address: ColumnType<Address, string, string>;
  timezone: ColumnType<string, string | undefined, string>;
  is_default: ColumnType<boolean, boolean | undefined, boolean>;
  /** `HH:MM` in the warehouse's time zone; null: none set (carriers assume their own). */
  collection_cutoff: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, never, never>;
}

export interface CompanyCarriersTable {
  company: string;
  carrier_id: string;
  created_at: ColumnType<Date, never, never>;
}
