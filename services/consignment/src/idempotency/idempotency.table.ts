import type { ColumnType } from 'kysely';

export interface IdempotencyKeysTable {
  company: string;
  key: string;
  request_hash: string;
  response: ColumnType<unknown | null, string | null, string | null>;
  created_at: ColumnType<Date, string | undefined, string>;
}
