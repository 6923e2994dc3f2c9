import type { InboxTable } from '@waybill/messaging';
import type { EndpointsTable } from './endpoints/endpoint.table';
import type { MessagesTable } from './messages/message.table';
import type { DeliveriesTable } from './delivery/delivery.table';
import type { AttemptsTable } from './attempts/attempt.table';
import type { WebhookDailyTable } from './dashboard/webhook-daily.table';

/** The Postgres schema of the service's tables (and of `pump_cycle`, which raw SQL must name itself). */
export const SCHEMA = 'webhook_dispatcher';

/** Every table of the webhook dispatcher's schema. */
export interface DispatcherDb {
  endpoints: EndpointsTable;
  messages: MessagesTable;
  deliveries: DeliveriesTable;
  attempts: AttemptsTable;
  inbox: InboxTable;
  webhook_daily: WebhookDailyTable;
}
