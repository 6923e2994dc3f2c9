import type { Kysely } from 'kysely';
import { InvalidError } from '@waybill/http';
import type { ConsignmentDb } from '../database';
import { attention } from './dashboard.query';

/** GET dashboard/exceptions: consignments in Exception and carrier refusals, newest first. */
export async function exceptionQueue(db: Kysely<ConsignmentDb>, company: string, rawLimit: unknown) {
  const limit = rawLimit === undefined || rawLimit === '' ? 100 : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw InvalidError.field('limit', 'Must be a whole number from 1 to 500.');
  const rows = await attention(db, company)
    .select(['identifier', 'order_number', 'status', 'rejection_reason', 'carrier', 'as_of'])
    .orderBy('as_of', 'desc').orderBy('identifier').limit(limit).execute();
  return {
    results: rows.map((r) => ({
      identifier: r.identifier, order_number: r.order_number, status: r.status,
      kind: r.status === 'Exception' ? 'exception' : 'refused', rejection_reason: r.rejection_reason,
      carrier: r.carrier || null, since: new Date(r.as_of).toISOString(),
    })),
  };
}
