import type { ColumnType, Selectable } from 'kysely';

type Time = ColumnType<Date, string, string>;
type MaybeTime = ColumnType<Date | null, string | null | undefined, string | null>;

/** One tracking number on the polling schedule (docs/carriers/tracking.md). */
export interface TrackingPollsTable {
  company: string;
  consignment_identifier: string;
  tracking_number: string;
  account_id: string;
  carrier: string;
  carrier_reference: string | null;
  booked_at: Time;
  polls: ColumnType<number, number | undefined, number>;
  /** Carrier time of the newest event seen, if any. */
  last_event_at: MaybeTime;
  last_polled_at: MaybeTime;
  last_error: string | null;
  /** When it is due; null once it is no longer polled. */
  next_poll_at: MaybeTime;
  /** `delivered`, `expired` (30 days without an event), `cancelled`. */
  stopped_reason: string | null;
}

/** Which replica polls an account until when. */
export interface TrackingPollLeasesTable {
  account_id: string;
  holder: string;
  until: Time;
}

export type TrackingPollRow = Selectable<TrackingPollsTable>;
