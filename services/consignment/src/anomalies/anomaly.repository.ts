import { sql, type Kysely } from 'kysely';
import { processCounter } from '@waybill/telemetry';
import type { ConsignmentDb } from '../database';

// Per process: summed over the replicas, each booking whose outcome is unknown counts once.
const unknownOutcomes = processCounter('waybill_consignment_booking_outcome_unknown_total',
  'Allocations whose carrier call timed out or met an outage after it went out (the carrier may have booked)', ['carrier']);

/**
 * Kept as soon as the carrier call ends, whatever happens to the consignment's own write: the carrier may
 * hold a booking either way, and the operator is to look.
 */
export async function recordCarrierCallAnomaly(db: Kysely<ConsignmentDb>, a: { company: string; identifier: string; carrier: string; reason: string }): Promise<void> {
  await db.insertInto('carrier_call_anomalies').values(a).execute();
  unknownOutcomes.inc({ carrier: a.carrier });
}

/** Which of these consignments have had a carrier call whose outcome is unknown. */
export async function withAnomalies(db: Kysely<ConsignmentDb>, company: string, identifiers: string[]): Promise<Set<string>> {
  if (identifiers.length === 0) return new Set();
  const rows = await db.selectFrom('carrier_call_anomalies').select('identifier').distinct()
    .where('company', '=', company).where(sql<boolean>`identifier = any(${identifiers}::text[])`).execute();
  return new Set(rows.map((r) => r.identifier));
}
