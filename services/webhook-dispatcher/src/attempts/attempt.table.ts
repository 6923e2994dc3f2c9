import type { ColumnType, Generated, Selectable } from 'kysely';

export type AttemptOutcome = 'success' | 'failure' | 'pending';

export interface AttemptsTable {
  id: string;
  seq: Generated<number>;
  event_id: string;
  endpoint_id: string;
  company: string;
  round: number;
  attempt: number;
  attempted_at: ColumnType<Date, Date | string | undefined, never>;
  outcome: AttemptOutcome;
  status_code: number | null;
  latency_ms: number | null;
  response_head: string | null;
  error: string | null;
  /** Counted in webhook_daily already (the dashboard's rollup sets it). */
  rolled_up: Generated<boolean>;
}

export type AttemptRow = Selectable<AttemptsTable>;
