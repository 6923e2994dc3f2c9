import type { Transaction } from 'kysely';
import { newEnvelope, writeEvents, type EventEnvelope } from '@waybill/messaging';
import type { ConsignmentDb } from '../database';

/** Event types this service publishes (contracts/events). */
export const ConsignmentEvents = {
  created: 'consignment.consignment.created',
  updated: 'consignment.consignment.updated',
  allocated: 'consignment.consignment.allocated',
  unallocated: 'consignment.consignment.unallocated',
  cancelled: 'consignment.consignment.cancelled',
  statusChanged: 'consignment.consignment.status_changed',
} as const;

/** A return was booked (docs/api/returns.md); the webhook dispatcher makes it the return_created webhook. */
export const RETURN_CREATED = 'consignment.return.created';

export interface PendingEvent {
  type: (typeof ConsignmentEvents)[keyof typeof ConsignmentEvents] | typeof RETURN_CREATED;
  data: Record<string, unknown>;
}

/**
 * Written in the same transaction as the state change they describe (transactional outbox), in one
 * statement: a batch create would otherwise spend a round trip per event inside its transaction.
 */
export async function recordEvents(trx: Transaction<ConsignmentDb>, company: string, events: PendingEvent[]): Promise<void> {
  await writeEvents(trx, envelopesOf(company, events));
}

/** The company's pending events as the envelopes the outbox stores. */
export function envelopesOf(company: string, events: PendingEvent[]): EventEnvelope[] {
  return events.map((e) => newEnvelope(e.type, company, e.data));
}
