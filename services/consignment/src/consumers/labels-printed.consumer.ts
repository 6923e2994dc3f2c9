import { idempotent, type Subscription } from '@waybill/messaging';
import { moveStatusIf, recordStatus } from '../consignments/consignment.repository';
import { ConsignmentEvents, recordEvents } from '../consignments/consignment.events';
import { toApi } from '../consignments/consignment.mapper';
import type { ConsumerDeps } from './index';

/**
 * documents.labels.printed: the labels of an Allocated consignment were fetched, so it is Printed. Only
 * an Allocated consignment moves (a redelivered or late event finds it Printed, Manifested or
 * Unallocated again and changes nothing); the inbox makes a redelivery a no-op too.
 */
export function startLabelsPrintedConsumer(deps: ConsumerDeps): Promise<Subscription> {
  const handle = idempotent(deps.database, 'consignment.labels-printed', async (trx, event) => {
    const identifier = (event.data as { consignment_identifier?: unknown })?.consignment_identifier;
    if (typeof identifier !== 'string') return;
    const row = await moveStatusIf(trx, event.company, identifier, 'Allocated', 'Printed');
    if (!row) return;
    const ctx = await deps.companies.get(event.company);
    await recordStatus(trx, identifier, 'Printed', null);
    await recordEvents(trx, event.company, [
      { type: ConsignmentEvents.statusChanged, data: { consignment: toApi(row, deps.registry, ctx.settings.extraCustomFields), from: 'Allocated', to: 'Printed' } },
    ]);
  });
  return deps.bus.subscribe({
    queue: 'consignment.labels-printed',
    bindings: ['documents.labels.printed'],
    handler: async (event) => {
      await handle(event);
      // The status_changed event is committed now: let the relay publish it without waiting to poll.
      deps.afterCommit();
    },
  });
}
