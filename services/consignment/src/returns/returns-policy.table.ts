import type { ColumnType } from 'kysely';
import type { ReturnsPolicy } from './returns-policy';

/** One row per company that wrote a returns policy (migration 20261127230000). */
export interface ReturnsPoliciesTable {
  company: string;
  policy: ColumnType<ReturnsPolicy, string, string>;
  updated_at: ColumnType<Date, string | undefined, unknown>;
}
