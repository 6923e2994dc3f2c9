import type { ColumnType, Selectable } from 'kysely';
import type { ManifestClaim } from '@waybill/contracts';

export type ManifestState = 'claiming' | 'generating' | 'ready' | 'failed';

type Json<T> = ColumnType<T, string, string>;
type Timestamp = ColumnType<Date, string | undefined, string>;

export interface ManifestsTable {
  id: string;
  company: string;
  carrier_id: string;
  warehouse_id: string;
  consignment_ids: Json<string[]>;
  idempotency_key: string | null;
  request_hash: string;
  state: ManifestState;
  claim: ColumnType<ManifestClaim | null, string | null | undefined, string | null>;
  carrier_reference: string | null;
  failure_reason: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ManifestDocumentsTable {
  manifest_id: string;
  pdf: ColumnType<Uint8Array, Uint8Array, never>;
  pages: number;
  created_at: ColumnType<Date, string | undefined, never>;
}

export type ManifestRow = Selectable<ManifestsTable>;
