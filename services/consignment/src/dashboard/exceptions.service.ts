import type { Kysely } from 'kysely';
import { InvalidError } from '@waybill/http';
import type { ConsignmentDb } from '../database';
import { attention } from './dashboard.query';
import { withAnomalies } from '../anomalies/anomaly.repository';

/**
 * GET dashboard/exceptions: consignments in Exception and carrier refusals, newest first; a refusal whose
 * carrier call timed out or met an outage (the carrier may have booked) is a `carrier_call_anomaly`.
 */
export async function exceptionQueue(db: Kysely<ConsignmentDb>, company: string, rawLimit: unknown) {
  const limit = rawLimit === undefined || rawLimit === '' ? 100 : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw InvalidError.field('limit', 'Must be a whole number from 1 to 500.');
  const rows = await attention(db, company)
    .select(['identifier', 'order_number', 'status', 'rejection_reason', 'carrier', 'as_of'])
    .orderBy('as_of', 'desc').orderBy('identifier').limit(limit).execute();
  // A refusal whose carrier call may have booked after all is the operator's to check at the carrier.
  const anomalies = await withAnomalies(db, company, rows.filter((r) => r.status === 'Unallocated').map((r) => r.identifier));
  const kindOf = (r: { identifier: string; status: string }) => (r.status === 'Exception' ? 'exception' : anomalies.has(r.identifier) ? 'carrier_call_anomaly' : 'refused');
  return {
    results: rows.map((r) => ({
      identifier: r.identifier, order_number: r.order_number, status: r.status,
      kind: kindOf(r), rejection_reason: r.rejection_reason,
      carrier: r.carrier || null, since: new Date(r.as_of).toISOString(),
    })),
  };
}
