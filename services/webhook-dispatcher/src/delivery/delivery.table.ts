import type { ColumnType, Selectable } from 'kysely';

/**
 * pending: waiting for its next attempt; sending: one attempt in flight (held until lease_until);
 * succeeded: a 2xx was recorded (terminal, except for a manual resend); failed: attempts exhausted,
 * endpoint gone or disabled.
 */
export type DeliveryState = 'pending' | 'sending' | 'succeeded' | 'failed';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface DeliveriesTable {
  event_id: string;
  endpoint_id: string;
  company: string;
  state: DeliveryState;
  /** A manual resend or recover starts a new round with a fresh schedule; jobs of older rounds do nothing. */
  round: ColumnType<number, number | undefined, number>;
  round_attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  lease_until: NullableTimestamp;
  deferred_at: NullableTimestamp;
  succeeded_at: NullableTimestamp;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export type DeliveryRow = Selectable<DeliveriesTable>;
