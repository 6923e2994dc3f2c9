import type { ColumnType, Selectable } from 'kysely';

/** A manifest submitted to a carrier, and its answer (migration 20261126000300). */
export interface CarrierManifestsTable {
  company: string;
  manifest_id: string;
  /** Null for a carrier reached without an account (the sandbox carriers). */
  account_id: string | null;
  carrier: string;
  /** The carrier's own reference of the manifest. */
  reference: string;
  scope: 'listed' | 'account';
  /** The carrier's manifest PDF, where it produces one. */
  document: Buffer | null;
  created_at: ColumnType<Date, never, never>;
}

export type CarrierManifestRow = Selectable<CarrierManifestsTable>;
