import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ConsignmentStatus } from './consignment.status';

/** The client's own fields as stored (normalised input, plus package tracking numbers). */
export type ConsignmentData = Record<string, unknown> & {
  packages?: Array<Record<string, unknown>>;
};

export interface ConsignmentsTable {
  seq: Generated<number>;
  /** The list's order, given after commit (migration 20261122040000); null until then. */
  list_seq: ColumnType<number | null, number | null | undefined, number | null>;
  identifier: string;
  company: string;
  order_number: string;
  status: ConsignmentStatus;
  rejection_reason: string | null;
  requested_carrier: string | null;
  carrier_id: string | null;
  service_id: string | null;
  consignment_number: string | null;
  /**
   * The carrier account that booked it (carrier-link's id, migration 20261126030000); null for carriers
   * without accounts, unallocated consignments and bookings made before it was kept.
   */
  carrier_account: ColumnType<string | null, string | null | undefined, string | null>;
  tracking_url: string | null;
  warehouse_id: string;
  requested_options: ColumnType<Record<string, string>, string | Record<string, string>, string | Record<string, string>>;
  data: ColumnType<ConsignmentData, string, string>;
  version: Generated<number>;
  /** Set once, when a manifest takes the consignment. */
  manifest_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Carrier time of the last tracking progress applied (null until tracking moved it). */
  tracked_at: ColumnType<Date | null, string | null | undefined, string | null>;
  created_at: ColumnType<Date, string | undefined, never>;
  updated_at: ColumnType<Date, string | undefined, string>;
  /** `outbound`, or `return` for a return (migration 20261127230000, docs/api/returns.md). */
  direction: ColumnType<'outbound' | 'return', 'outbound' | 'return' | undefined, never>;
  /** A return's outbound consignment identifier; null for an outbound. */
  return_for: ColumnType<string | null, string | null | undefined, never>;
  /** When the recipient's personal data was erased (migration 20261127220000, src/retention); null while kept. */
  erased_at: ColumnType<Date | null, never, string | null>;
}

/** Kept by triggers (migration 20261122020000): numbered matches per company, status and block of `list_seq`. */
export interface ConsignmentCountsTable {
  company: string;
  status: ConsignmentStatus;
  block_start: number;
  shard: number;
  n: ColumnType<string, never, never>;
}

export interface StatusHistoryTable {
  id: Generated<number>;
  /** Since migration 20261127000000 (identifiers are unique per company only); filled by a trigger when an older replica leaves it out. */
  company: ColumnType<string | null, string | undefined, never>;
  identifier: string;
  status: string;
  reason: string | null;
  at: ColumnType<Date, string | undefined, never>;
}

export type ConsignmentRow = Selectable<ConsignmentsTable>;
export type NewConsignmentRow = Insertable<ConsignmentsTable>;
export type ConsignmentPatch = Updateable<ConsignmentsTable>;
