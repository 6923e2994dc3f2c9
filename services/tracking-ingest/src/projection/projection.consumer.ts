import type { TrackedCarriers } from '../carriers/tracked-carrier';
import { EventType } from '@waybill/contracts';
import { idempotent, type EventEnvelope, type Subscription } from '@waybill/messaging';
import type { TrackingDeps } from '../deps';
import { destinationOf } from '../page/destination';
import { lockTrackingNumbers } from '../parking/parking.repository';
import { afterApplied, applyParked, type ParkedApplied } from '../parking/parking.service';
import { countApplied } from '../parking/parking.metrics';
import { applyConsignmentFacts, type ConsignmentFacts } from './projection.repository';

/** What this service reads of the consignment in the consignment service's events (contracts/events). */
interface ConsignmentView {
  identifier: string;
  order_number: string;
  carrier?: string | null;
  service_id?: string | null;
  consignment_number?: string | null;
  packages?: Array<{ tracking_number?: string | null; reference?: string | null }>;
  service?: string | null;
  expected_delivery_date?: string | null;
  current_status?: { status?: string } | null;
  recipient?: { address?: { city?: string | null; postcode?: string | null; country?: string | null; state?: string | null } } | null;
}

export const CONSIGNMENT_EVENT_TYPES = [
  EventType.ConsignmentCreated, EventType.ConsignmentAllocated, EventType.ConsignmentUpdated,
  EventType.ConsignmentUnallocated, EventType.ConsignmentCancelled,
];

export function factsOf(event: EventEnvelope, registry: TrackedCarriers): ConsignmentFacts | undefined {
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
    page: {
      cancelled: c.current_status?.status === 'Cancelled',
      serviceName: c.service ?? (c.service_id ? c.service_id.split('|').slice(1).join('|') : null),
      packageCount: c.packages?.length ?? 0,
      expectedDeliveryDate: typeof c.expected_delivery_date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(c.expected_delivery_date) ? c.expected_delivery_date : null,
      destination: destinationOf(c.recipient?.address ?? undefined),
    },
  };
}

/**
 * Keeps the projection of consignments and their tracking numbers. Events may arrive out of order
 * (retries, competing consumers): one older than the stored state is skipped by its occurred_at.
 * When a consignment gets a tracking number that has parked events (the carrier's push came first),
 * they are applied in the same transaction; the numbers are locked first, as a push parking events
 * locks them, so neither can miss the other.
 */
export function startProjectionConsumer(deps: TrackingDeps): Promise<Subscription> {
  return deps.bus.subscribe({
    queue: 'tracking-ingest.consignment-events',
    bindings: CONSIGNMENT_EVENT_TYPES,
    handler: async (event: EventEnvelope) => {
      let parked: ParkedApplied | undefined;
      await idempotent({ db: deps.db }, 'consignment-projection', async (trx, e) => {
        const facts = factsOf(e, deps.registry);
        if (!facts) return;
        const numbers = facts.carrierId ? facts.parcels.map((p) => p.trackingNumber) : [];
        if (numbers.length) await lockTrackingNumbers(trx, facts.carrierId!, numbers);
        const applied = await applyConsignmentFacts(trx, facts, new Date(e.occurred_at));
        if (applied && numbers.length) parked = await applyParked(trx, deps.registry, facts.carrierId!, numbers);
      })(event);
      if (!parked?.taken) return;
      countApplied(parked.fresh.length);
      await afterApplied(deps, parked);
    },
  });
}
