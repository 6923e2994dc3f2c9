import { EventType, type ConsignmentErasedData } from '@waybill/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { EventBus, EventEnvelope, Subscription } from '../types';
import { idempotent } from './idempotent-handler';

/** What a service erases by: the consignment, its carrier numbers (no personal data travels in the event). */
export interface ErasedConsignment {
  company: string;
  identifier: string;
  consignmentNumber: string | null;
  trackingNumbers: string[];
  erasedAt: Date;
  /** A data subject's request (POST .../erase) or the end of the company's retention period (the sweep). */
  reason: 'request' | 'retention';
}

export interface ErasureConsumerOptions<DB> {
  bus: EventBus;
  database: { db: Kysely<DB> };
  /** The consuming service: its queue is `<service>.consignment-erased`. */
  service: string;
  /** Erases the service's copies of the consignment's personal data, through `trx` only. */
  erase: (trx: Transaction<DB>, erased: ErasedConsignment) => Promise<void>;
  /** After the erasure committed (an in-memory copy to drop, a metric). */
  afterErased?: (erased: ErasedConsignment) => void;
}

/**
 * consignment.consignment.erased (docs/operations.md#retention-and-erasure): each service holding a copy
 * of a consignment's personal data erases its own, once per event (inbox), in the transaction that
 * records the event as handled; a redelivery changes nothing, and so does an erasure of what is gone.
 */
export function startErasureConsumer<DB>(o: ErasureConsumerOptions<DB>): Promise<Subscription> {
  const consumer = `${o.service}.consignment-erased`;
  return o.bus.subscribe({
    queue: consumer,
    bindings: [EventType.ConsignmentErased],
    handler: async (event: EventEnvelope) => {
      const d = event.data as Partial<ConsignmentErasedData> | null;
      if (typeof d?.identifier !== 'string') return;
      const erased: ErasedConsignment = {
        company: event.company, identifier: d.identifier, consignmentNumber: d.consignment_number ?? null,
        trackingNumbers: Array.isArray(d.tracking_numbers) ? d.tracking_numbers.filter((n) => typeof n === 'string') : [],
        erasedAt: new Date(d.erased_at ?? event.occurred_at), reason: d.reason === 'retention' ? 'retention' : 'request',
      };
      await idempotent(o.database, consumer, (trx) => o.erase(trx, erased))(event);
      o.afterErased?.(erased);
    },
  });
}
