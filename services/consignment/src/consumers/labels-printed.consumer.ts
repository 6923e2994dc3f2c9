import { idempotent, type EventEnvelope, type Subscription } from '@waybill/messaging';
import { moveStatusIf, recordStatus } from '../consignments/consignment.repository';
import { ConsignmentEvents, recordEvents } from '../consignments/consignment.events';
import { toApi } from '../consignments/consignment.mapper';
import type { CompanyContext } from '../companies/company.context';
import type { ConsumerDeps } from './index';

const CONSUMER = 'consignment.labels-printed';

/**
 * documents.labels.printed: the labels of an Allocated consignment were fetched, so it is Printed. Only
 * an Allocated consignment moves (a redelivered or late event finds it Printed, Manifested or
 * Unallocated again and changes nothing); the inbox makes a redelivery a no-op too.
 */
function markPrinted(deps: ConsumerDeps, ctx: CompanyContext) {
  return idempotent(deps.database, CONSUMER, async (trx, event) => {
    const identifier = (event.data as { consignment_identifier?: unknown })?.consignment_identifier;
    if (typeof identifier !== 'string') return;
    const row = await moveStatusIf(trx, event.company, identifier, 'Allocated', 'Printed');
    if (!row) return;
    await recordStatus(trx, identifier, 'Printed', null);
    await recordEvents(trx, event.company, [
      { type: ConsignmentEvents.statusChanged, data: { consignment: toApi(row, deps.registry, ctx.settings.extraCustomFields), from: 'Allocated', to: 'Printed' } },
    ]);
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
