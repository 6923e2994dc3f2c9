import type { ColumnType, Generated } from 'kysely';
import type { EventEnvelope } from '../types';

/** Add to a service's Database interface (`outbox: OutboxTable`) if it queries the table itself. */
export interface OutboxTable {
  id: string;
  seq: Generated<number>;
  type: string;
  company: string;
  payload: ColumnType<EventEnvelope, string, string>;
  created_at: Generated<Date>;
  published_at: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
}

export interface OutboxDatabase {
  outbox: OutboxTable;
}
