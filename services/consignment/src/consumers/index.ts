import type { Kysely } from 'kysely';
import type { EventBus, Subscription } from '@waybill/messaging';
import type { Logger } from '@waybill/logger';
import type { ConsignmentDb } from '../database';
import type { CompanyDirectory } from '../companies/company.context';
import { startLabelsPrintedConsumer } from './labels-printed.consumer';
import { startManifestFailedConsumer } from './manifest-failed.consumer';
import { startTrackingProgressConsumer } from './tracking-progress.consumer';
import { startDashboardConsumer } from '../dashboard/dashboard.consumer';

/** What a consumer of other contexts' events gets to work with. */
export interface ConsumerDeps {
  database: { db: Kysely<ConsignmentDb> };
  bus: EventBus;
  companies: CompanyDirectory;
  logger: Logger;
  afterCommit: () => void;
}

/**
 * Subscriptions of this service to other contexts' events. Each consumer lives in its own file in this
 * folder (durable queue `consignment.<purpose>`, wrapped in `idempotent` from @waybill/messaging) and is
 * added to this list.
 */
const CONSUMERS: Array<(deps: ConsumerDeps) => Promise<Subscription>> = [
  startLabelsPrintedConsumer,
  startTrackingProgressConsumer,
  startManifestFailedConsumer,
  startDashboardConsumer,
];

export async function startConsumers(deps: ConsumerDeps): Promise<Subscription[]> {
  return Promise.all(CONSUMERS.map((start) => start(deps)));
}
