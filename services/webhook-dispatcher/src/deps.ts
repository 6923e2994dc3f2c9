import type { Kysely } from 'kysely';
import type { JobDriver } from '@waybill/jobs';
import type { Logger } from '@waybill/logger';
import type { DispatcherConfig } from './config';
import type { DispatcherDb } from './database';
import type { SecretBox } from '@waybill/internal-auth';
import type { UrlPolicy } from './security/url-guard';

/** What the dispatcher's use cases work with; built once in service.ts. */
export interface DispatcherDeps {
  db: Kysely<DispatcherDb>;
  config: Readonly<DispatcherConfig>;
  box: SecretBox;
  policy: UrlPolicy;
  jobs: JobDriver;
  logger: Logger;
  now: () => Date;
}
