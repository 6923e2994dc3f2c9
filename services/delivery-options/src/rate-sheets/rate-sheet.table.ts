import type { ColumnType } from 'kysely';
import type { RateSheetDefinition } from '../engine/rate-sheet';

/** One rate sheet per company and service (`service_key`: the service id in lower case). */
export interface RateSheetsTable {
  id: string;
  company: string;
  service_key: string;
  definition: ColumnType<RateSheetDefinition, string, string>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, string>;
}
