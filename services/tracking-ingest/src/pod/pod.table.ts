import type { ColumnType, Selectable } from 'kysely';

/** One per delivered parcel: the retrieval job's durable to-do item (survives a lost job or a restart). */
export interface PodRequestsTable {
  parcel_id: number;
  company: string;
  /** pending → done (documents stored) | none (the carrier has none) | failed (gave up). */
  state: ColumnType<string, string | undefined, string>;
  last_error: string | null;
  created_at: ColumnType<Date, string | undefined, never>;
  updated_at: ColumnType<Date, string | undefined, string>;
}

export interface PodDocumentsTable {
  id: string;
  company: string;
  parcel_id: number;
  file_type: string;
  proof_of_delivery_type: string;
  package_tracking_number: string | null;
  content: Buffer;
  created_at: ColumnType<Date, string | undefined, never>;
  expires_at: ColumnType<Date, string, never>;
}

export type PodDocumentRow = Selectable<PodDocumentsTable>;
