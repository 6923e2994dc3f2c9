import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

export interface TrackingEventsTable {
  id: Generated<number>;
  carrier_id: string;
  tracking_number: string;
  /** The carrier code, or `status:<STATUS>` for an event without one: part of the event's identity. */
  dedup_code: string;
  occurred_at: ColumnType<Date, string, never>;
  status: string;
  carrier_code: string | null;
  description: string | null;
  location: string | null;
  received_at: ColumnType<Date, string | undefined, never>;
}

export type TrackingEventRow = Selectable<TrackingEventsTable>;
export type NewTrackingEventRow = Insertable<TrackingEventsTable>;
