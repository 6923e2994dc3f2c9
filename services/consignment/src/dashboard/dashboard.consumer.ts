import { batchedIdempotent, type Subscription } from '@waybill/messaging';
import type { ConsumerDeps } from '../consumers';
import { ConsignmentEvents } from '../consignments/consignment.events';
import { foldEvents } from './dashboard.writer';

/** Events per transaction, and how long a quiet stream's first event waits for company. */
export const DASHBOARD_BATCH = { maxBatch: 200, maxWaitMs: 250 };

/**
 * Keeps the dashboard's read model from this service's own consignment events, off the request path:
 * the outbox relay publishes them after commit and this consumer folds them in batches, so the figures
 * trail the consignments by the relay's delay plus at most DASHBOARD_BATCH.maxWaitMs.
 */
export async function startDashboardConsumer(deps: ConsumerDeps): Promise<Subscription> {
  return deps.bus.subscribe({
    queue: 'consignment.dashboard',
    bindings: Object.values(ConsignmentEvents),
    prefetch: DASHBOARD_BATCH.maxBatch,
    handler: batchedIdempotent(deps.database, 'dashboard', DASHBOARD_BATCH, foldEvents),
  });
}
