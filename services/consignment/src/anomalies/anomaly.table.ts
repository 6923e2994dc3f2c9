import type { ColumnType, Generated } from 'kysely';

/** A booking whose outcome is unknown (migration 20261126010000). */
export interface CarrierCallAnomaliesTable {
  id: Generated<string>;
  company: string;
  identifier: string;
  carrier: string;
  reason: string;
  at: ColumnType<Date, never, never>;
}
