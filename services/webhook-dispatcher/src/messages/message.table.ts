import type { ColumnType, Selectable } from 'kysely';

/** The kinds of webhook body: the two of docs/api/webhooks.md and the test event. */
export type MessageType = 'tracking_update' | 'proof_of_delivery' | 'return_created' | 'test';

export interface MessagesTable {
  event_id: string;
  company: string;
  event_type: MessageType;
  body: string;
  /** The consignments the body names, computed by Postgres (migration 20261127220000): how an erasure finds them. */
  consignment_identifiers: ColumnType<string[], never, never>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export type MessageRow = Selectable<MessagesTable>;
