import type { ColumnType } from 'kysely';

type Day = ColumnType<string, string, string>;
type Count = ColumnType<string, number, number>;

/**
 * The dashboard's read model (migration 20261126000000), kept from this service's own consignment events
 * by the dashboard consumer, in batches. One slim row per consignment says what it last counted as, so
 * a later event can take back its old contribution to the aggregates and add its new one.
 */
export interface DashboardConsignmentsTable {
  identifier: string;
  company: string;
  created_day: Day;
  /** Carrier of the booked service; '' while unallocated. */
  carrier: string;
  status: string;
  rejection_reason: string | null;
  order_number: string;
  expected_date: Day | null;
  delivered_day: Day | null;
  /** occurred_at of the event this row reflects: an older event arriving later changes nothing. */
  as_of: ColumnType<Date, string, string>;
}

/** Per company, UTC day and carrier: consignments created that day, and those delivered that day. */
export interface DashboardDailyTable {
  company: string;
  day: Day;
  carrier: string;
  created: Count;
  delivered: Count;
  /** Delivered with an expected delivery date, and of those, on or before it. */
  due_known: Count;
  on_time: Count;
}

/** Per company, UTC creation day and current status: how the consignments of a day stand now. */
export interface DashboardDayStatusTable {
  company: string;
  day: Day;
  status: string;
  n: Count;
}

export interface DashboardDb {
  dashboard_consignments: DashboardConsignmentsTable;
  dashboard_daily: DashboardDailyTable;
  dashboard_day_status: DashboardDayStatusTable;
}
