import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

export type DisabledReason = 'gone' | 'failing' | 'manual';
export type WebhookEventType = 'tracking_update' | 'proof_of_delivery' | 'return_created';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface EndpointsTable {
  id: string;
  seq: Generated<number>;
  company: string;
  url: string;
  description: string;
  event_types: ColumnType<WebhookEventType[], string, string>;
  enabled: boolean;
  disabled_reason: DisabledReason | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  failing_since: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  throttled_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type EndpointRow = Selectable<EndpointsTable>;
export type NewEndpointRow = Insertable<EndpointsTable>;
