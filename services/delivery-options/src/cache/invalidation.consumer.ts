import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { EventType } from '@waybill/contracts';
import type { EventBus, Subscription } from '@waybill/messaging';
import type { CompiledRulesCache } from './compiled-rules.cache';

/**
 * Every replica must hear of every rules change, so each consumes through its own exclusive queue
 * (named after this process, gone when it stops) rather than the service's shared, competing one.
 */
export function subscribeInvalidation(bus: EventBus, cache: CompiledRulesCache): Promise<Subscription> {
  const replica = `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}`.toLowerCase().replace(/[^a-z0-9-]/g, '-');
  return bus.subscribe({
    queue: `delivery-options.rules-cache.${replica}`,
    bindings: [EventType.DeliveryRulesChanged],
    exclusive: true,
    handler: async (event) => cache.invalidate(event.company),
  });
}
