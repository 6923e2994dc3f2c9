import type { ColumnType, Generated, Selectable } from 'kysely';
import type { PickupRequest } from '@waybill/carriers';

/** A collection booked with a carrier (migration 20261127235000). */
export interface CollectionsTable {
  company: string;
  identifier: string;
  /** Insertion order, the list's keyset. */
  seq: ColumnType<string, never, never> & Generated<string>;
  /** Null for a carrier reached without an account (the sandbox carriers). */
  account_id: string | null;
  carrier: string;
  warehouse_id: string;
  date: string;
  ready_time: string;
  close_time: string;
  parcels: number;
  /** Decimal text, kilograms. */
  weight_kg: string | null;
  consignment_ids: ColumnType<string[], string, string>;
  /** What the carrier was asked, kept to cancel with. */
  request: ColumnType<PickupRequest, string, string>;
  carrier_reference: string;
  status: 'booked' | 'cancelled';
  created_at: ColumnType<Date, never, never>;
  cancelled_at: ColumnType<Date | null, never, Date>;
}

export type CollectionRow = Selectable<CollectionsTable>;
