import type { ColumnType, Generated, Selectable } from 'kysely';

export interface TrackedConsignmentsTable {
  identifier: string;
  company: string;
  order_number: string;
  carrier_id: string | null;
  carrier_name: string | null;
  service_id: string | null;
  consignment_number: string | null;
  /** occurred_at of the last consignment event applied: older ones arriving late are skipped. */
  source_at: ColumnType<Date, string, string>;
  /** The status tracking last told the consignment service, and the carrier time it was based on. */
  progress_status: string | null;
  progress_at: ColumnType<Date | null, string | null | undefined, string | null>;
  /** What the recipient's tracking page shows (destination reduced to town and postcode district). */
  cancelled: ColumnType<boolean, boolean | undefined, boolean>;
  service_name: string | null;
  package_count: ColumnType<number, number | undefined, number>;
  /** YYYY-MM-DD, as the consignment carries it. */
  expected_delivery_date: string | null;
  destination_town: string | null;
  destination_district: string | null;
  destination_country: string | null;
  /** IANA zone of the destination: the page shows event times in it. */
  time_zone: string | null;
  /** When the consignment's personal data was erased (migration 20261127220000): its page answers 404. */
  erased_at: ColumnType<Date | null, string | null | undefined, string | null>;
}

export interface ParcelsTable {
  id: Generated<number>;
  company: string;
  consignment_identifier: string;
  carrier_id: string;
  tracking_number: string;
  package_reference: string | null;
  active: ColumnType<boolean, boolean | undefined, boolean>;
}

export type TrackedConsignmentRow = Selectable<TrackedConsignmentsTable>;
export type ParcelRow = Selectable<ParcelsTable>;
