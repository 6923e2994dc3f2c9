import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type Json = ColumnType<unknown, string | null, string | null>;

/** One outbound carrier call (an attempt), as stored: already redacted. */
export interface CarrierCallsTable {
  seq: Generated<string>;
  id: string;
  company: string;
  account_id: string | null;
  consignment_identifier: string | null;
  carrier: string;
  /** Public operation name: `token`, `book`, `void`, `account_check`, `track`, `manifest`... */
  operation: string;
  method: string;
  url: string;
  status_code: number | null;
  duration_ms: number;
  outcome: CallOutcome;
  error_source: ErrorSource | null;
  carrier_code: string | null;
  message: string | null;
  request: Json;
  response: Json;
  at: ColumnType<Date, string, string>;
  personal_data_masked_at: ColumnType<Date | null, string | null | undefined, string | null>;
}

export type CallOutcome = 'success' | 'refused' | 'failed' | 'timeout';
export type ErrorSource = 'carrier' | 'network' | 'waybill';
export type CarrierCallRow = Selectable<CarrierCallsTable>;
export type NewCarrierCall = Insertable<CarrierCallsTable>;
