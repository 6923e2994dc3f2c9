import { idempotent, type EventEnvelope, type Subscription } from '@waybill/messaging';
import { markPrintedIn } from '../consignments/consignment.printed';
import type { CompanyContext } from '../companies/company.context';
import type { ConsumerDeps } from './index';

const CONSUMER = 'consignment.labels-printed';

/**
 * documents.labels.printed: the labels of an Allocated consignment were fetched, so it is Printed. The
 * documents service has usually made that move already through the internal route (before answering its
 * client); the event covers a documents service that could not, and changes nothing otherwise. The inbox
 * makes a redelivery a no-op too.
 */
function markPrinted(deps: ConsumerDeps, ctx: CompanyContext) {
  return idempotent(deps.database, CONSUMER, async (trx, event) => {
    const identifier = (event.data as { consignment_identifier?: unknown })?.consignment_identifier;
    if (typeof identifier !== 'string') return;
    await markPrintedIn(trx, ctx, event.company, identifier);
  });
}

export function startLabelsPrintedConsumer(deps: ConsumerDeps): Promise<Subscription> {
  return deps.bus.subscribe({
    queue: CONSUMER,
    bindings: ['documents.labels.printed'],
    handler: async (event: EventEnvelope) => {
      // Read before the transaction opens: the embedded database has one connection, and a query outside
      // an open transaction would wait for it forever.
      const ctx = await deps.companies.get(event.company);
      await markPrinted(deps, ctx)(event);
      // The status_changed event is committed now: let the relay publish it without waiting to poll.
      deps.afterCommit();
    },
  });
}
