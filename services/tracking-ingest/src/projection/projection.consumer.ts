import type { Kysely } from 'kysely';
import type { CarrierRegistry } from '@waybill/carriers';
import { EventType } from '@waybill/contracts';
import { idempotent, type EventBus, type EventEnvelope, type Subscription } from '@waybill/messaging';
import type { TrackingDb } from '../database';
import { applyConsignmentFacts, type ConsignmentFacts } from './projection.repository';

/** What this service reads of the consignment in the consignment service's events (contracts/events). */
interface ConsignmentView {
  identifier: string;
  order_number: string;
  carrier?: string | null;
  service_id?: string | null;
  consignment_number?: string | null;
  packages?: Array<{ tracking_number?: string | null; reference?: string | null }>;
}

export const CONSIGNMENT_EVENT_TYPES = [
  EventType.ConsignmentCreated, EventType.ConsignmentAllocated, EventType.ConsignmentUpdated,
  EventType.ConsignmentUnallocated, EventType.ConsignmentCancelled,
];

export function factsOf(event: EventEnvelope, registry: CarrierRegistry): ConsignmentFacts | undefined {
  const c = (event.data as { consignment?: ConsignmentView } | null)?.consignment;
  if (!c || typeof c.identifier !== 'string') return undefined;
  // service_id names the booked carrier; `carrier` alone may be only the one the client asked for.
  const carrier = c.service_id ? registry.findService(c.service_id)?.carrier : undefined;
  const parcels = new Map<string, string | null>();
  for (const p of c.packages ?? []) {
    if (p.tracking_number && !parcels.has(p.tracking_number)) parcels.set(p.tracking_number, p.reference ?? null);
  }
  return {
    identifier: c.identifier, company: event.company, orderNumber: c.order_number ?? '',
    carrierId: carrier?.identifier ?? null, carrierName: carrier?.name ?? c.carrier ?? null, serviceId: c.service_id ?? null,
    consignmentNumber: c.consignment_number ?? null,
    parcels: [...parcels].map(([trackingNumber, reference]) => ({ trackingNumber, reference })),
  };
}

/**
 * Keeps the projection of consignments and their tracking numbers. Events may arrive out of order
 * (retries, competing consumers): one older than the stored state is skipped by its occurred_at.
 */
export function startProjectionConsumer(database: { db: Kysely<TrackingDb> }, bus: EventBus, registry: CarrierRegistry): Promise<Subscription> {
  return bus.subscribe({
    queue: 'tracking-ingest.consignment-events',
    bindings: CONSIGNMENT_EVENT_TYPES,
    handler: idempotent(database, 'consignment-projection', async (trx, event) => {
      const facts = factsOf(event, registry);
      if (facts) await applyConsignmentFacts(trx, facts, new Date(event.occurred_at));
    }),
  });
}
