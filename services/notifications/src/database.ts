import type { Generated } from 'kysely';
import type { InboxTable } from '@waybill/messaging';

export const SCHEMA = 'notifications';

export type NotificationEvent = 'despatched' | 'out_for_delivery' | 'delivered' | 'exception' | 'return_created';
export type Outcome = 'pending' | 'retrying' | 'sending' | 'sent' | 'failed' | 'unsubscribed' | 'interrupted';

export interface SettingsTable {
  company: string;
  enabled: boolean;
  events: NotificationEvent[];
  from_name: string | null;
  reply_to: string | null;
  updated_at: Generated<Date>;
}

/** What a shipping e-mail needs of a consignment, kept from the consignment service's events. */
export interface RecipientTable {
  company: string;
  identifier: string;
  order_number: string;
  email: string | null;
  first_name: string | null;
  country: string | null;
  carrier: string | null;
  tracking_url: string | null;
  tracking_number: string | null;
  expected_delivery_date: string | null;
  cancelled: boolean;
  /** A return: its person is the one sending it back, and its only e-mail is `return_created`. */
  is_return: boolean;
  as_of: Date;
}

/** One e-mail per consignment and event kind: the unique key is the "never twice". */
export interface NotificationTable {
  id: string;
  company: string;
  consignment_identifier: string;
  event: NotificationEvent;
  to_address: string;
  language: string;
  outcome: Outcome;
  attempts: Generated<number>;
  detail: string | null;
  created_at: Generated<Date>;
  /** When the current (or last) attempt began. */
  claimed_at: Generated<Date | null>;
  sent_at: Date | null;
}

/** Addresses that asked a company for no more e-mail: a keyed hash, never the address. */
export interface UnsubscribeTable {
  company: string;
  address_hash: string;
  created_at: Generated<Date>;
}

export interface NotificationsDb {
  notification_settings: SettingsTable;
  recipients: RecipientTable;
  notifications: NotificationTable;
  unsubscribes: UnsubscribeTable;
  inbox: InboxTable;
}
