import type { Kysely } from 'kysely';
import type { JobDriver } from '@waybill/jobs';
import type { Logger } from '@waybill/logger';
import type { NotificationsConfig } from './config';
import type { NotificationsDb } from './database';
import type { Branding } from './sending/branding.client';
import type { Mailer } from './sending/mailer';
import type { UnsubscribeKeys } from './unsubscribe/unsubscribe.token';

/** What the service's use cases work with; built once in service.ts. */
export interface NotificationsDeps {
  db: Kysely<NotificationsDb>;
  config: Readonly<NotificationsConfig>;
  jobs: JobDriver;
  mailer: Mailer;
  branding: (company: string) => Promise<Branding>;
  keys: UnsubscribeKeys;
  /** Absolute base of the links in e-mails (unsubscribe). */
  publicUrl: string;
  logger: Logger;
  now: () => Date;
}
