import type { Kysely } from 'kysely';
import type { Logger } from '@waybill/logger';
import type { ConsignmentDb } from '../database';
import type { CompanyDirectory } from '../companies/company.context';
import type { AllocationRules } from './consignment.auto-allocation';
import type { ServiceAliasDirectory } from '../aliases/service-alias.directory';

/** What the consignment use cases need; built once in app.ts. */
export interface ConsignmentDeps {
  db: Kysely<ConsignmentDb>;
  companies: CompanyDirectory;
  logger: Logger;
  /** Called after a commit that wrote events, so the outbox relay publishes without waiting to poll. */
  afterCommit: () => void;
  now: () => Date;
  /** The delivery-options service's allocation rules, for `"service_id": "auto"`. */
  rules: AllocationRules;
  /** Each company's service aliases, read on create and PUT. */
  aliases: ServiceAliasDirectory;
}
